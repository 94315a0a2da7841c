import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';

/** What a proxy's request id may look like: a UUID, a hex or base64 token, a trace id. */
const FORWARDED_ID = /^[A-Za-z0-9._:=+/-]{1,128}$/;

/**
 * Names each request for the logs: the `X-Request-Id` a trusted proxy (TRUST_PROXY) sent, so
 * that its logs and ours line up, else a new UUID. A client's own id is never taken: it could
 * forge another request's id in the logs.
 */
export function requestIdGenerator(
  trustedProxies: readonly string[] | undefined,
): (request: IncomingMessage) => string {
  if (!trustedProxies?.length) return () => randomUUID();
  const trusted = proxyAddr.compile([...trustedProxies]);
  return (request) => {
    const forwarded = request.headers['x-request-id'];
    const peer = request.socket.remoteAddress;
    if (typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) && peer && trusted(peer, 0)) {
      return forwarded;
    }
    return randomUUID();
  };
}

/** Every answer says which request it was, for a report to be found in the logs. */
export function installRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
