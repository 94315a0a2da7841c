import { createHash, timingSafeEqual } from 'node:crypto';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';

export type MetricsRefusal = { status: 401 | 403; message: string } | null;

/**
 * Who may read the metrics: with a token set, a request bearing it; with an address list set,
 * a client among it (its address as TRUST_PROXY makes it); both set, both are needed. Answers
 * null for a scraper let in, else the refusal.
 */
export function metricsGate(
  token: string | undefined,
  allow: readonly string[] | undefined,
): (request: FastifyRequest) => MetricsRefusal {
  const expected = token ? digest(token) : null;
  const allowed = allow?.length ? proxyAddr.compile([...allow]) : null;
  return (request) => {
    if (allowed && !allowed(request.ip, 0)) {
      return { status: 403, message: 'Metrics are not served to this address.' };
    }
    if (expected) {
      const header = request.headers.authorization ?? '';
      const given = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
      // Compared as digests, in constant time: the answer's timing tells nothing of the token.
      if (!given || !timingSafeEqual(digest(given), expected)) {
        return { status: 401, message: 'Metrics need the bearer token METRICS_TOKEN.' };
      }
    }
    return null;
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
