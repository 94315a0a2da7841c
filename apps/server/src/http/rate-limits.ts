import rateLimit, { type CreateRateLimitOptions, normalizeIP } from '@fastify/rate-limit';
import type { MessageCode } from '@quits/contract';
import type { Config } from '@server/config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isGuess } from './guesses';
import { HttpError, say } from './http-error';
import { routePathOf } from './request-path';

/** Counters kept per limit (devices or addresses seen within a window); the oldest go first. */
const COUNTERS_PER_LIMIT = 50_000;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type Verdict = Awaited<ReturnType<Limiter>>;

/** What a limit counts, and what a refused client is told. */
interface Limit {
  check: Limiter;
  /** What the client is told; it says how long to wait. */
  message: MessageCode;
}

const isApiPath = (path: string) => path.startsWith('/api/');

/** The health checks answer load balancers and orchestrators, however busy an address is. */
const isUnlimited = (path: string) => path === '/api/health' || path.startsWith('/api/health/');

/** Anything that may change data: every method but the reading ones. */
const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/**
 * Reads whose answer is built at length or is large: an event's file export, its statement, its
 * history (and the changes since a version, read from it), a receipt photo. The event itself and
 * its balances are cached per version (and answer 304 to a known ETag), so they are not counted.
 */
const HEAVY_READS = [
  /^\/api\/events\/[^/]+\/(export|activity|report|changes)$/,
  // A stored receipt photo or attachment (a photo, its thumbnail, a PDF of up to 10 MB).
  /^\/api\/event\/[^/]+\/(receipts|attachments)\/[^/]+$/,
];

const isHeavyRead = (method: string, path: string) =>
  (method === 'GET' || method === 'HEAD') && HEAVY_READS.some((pattern) => pattern.test(path));

/** Past the API's usual body limit: only a file sent whole (an import) may be this large. */
const LARGE_BODY_BYTES = 1_048_576;

/**
 * An upload: a multipart body, any write to receipts, or a body larger than any change (an
 * import). Read by OCR or parsed at length, so it has its own, lower limit on top of the
 * writes'.
 */
function isUpload(request: FastifyRequest, path: string): boolean {
  const type = request.headers['content-type'] ?? '';
  const bytes = Number(request.headers['content-length'] ?? 0);
  return type.startsWith('multipart/') || /\/receipts(\/|$)/.test(path) || bytes > LARGE_BODY_BYTES;
}

function exceeded(verdict: Verdict): number | null {
  if (verdict.isAllowed || !verdict.isExceeded) return null;
  return Math.max(1, verdict.ttlInSeconds);
}

function refuse(reply: FastifyReply, seconds: number, message: MessageCode): never {
  reply.header('retry-after', String(seconds));
  throw new HttpError(429, say(message, { seconds }));
}

/**
 * Rate limits by rule, so that every route, also one added later, is covered:
 * - writes (every non-GET request under /api) per device (its `Device-ID` from its address) and
 *   per address;
 * - uploads, stricter, on top;
 * - heavy reads (exports, history, receipt photos) per address;
 * - an address that got too many 404s under /api (guessing event ids), or other refusals that
 *   count as guesses (`countAsGuess`), waits before it may ask again for anything under /api.
 * A refusal is a 429 with `Retry-After` and a message; the counts are per instance, in memory.
 * `RATE_LIMITS=off` installs nothing.
 */
export async function installRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.RATE_LIMITS) return;
  await app.register(rateLimit, { global: false });
  const timeWindow = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const limiter = (name: string, max: number, key: (request: FastifyRequest) => string) => {
    const options: CreateRateLimitOptions & { cache: number } = {
      max,
      timeWindow,
      cache: COUNTERS_PER_LIMIT,
      keyGenerator: (request) => `${name}:${key(request)}`,
    };
    return app.createRateLimit(options);
  };
  const byAddress = (request: FastifyRequest) => normalizeIP(request.ip);
  // Only called for requests that name a device. A Device-ID is only a claim: counted with the
  // address, writes sent elsewhere with someone else's id cannot use up that device's allowance.
  const byDevice = (request: FastifyRequest) =>
    `${request.client.deviceId ?? ''}@${byAddress(request)}`;

  const writeLimits: { perDevice: Limit; perAddress: Limit } = {
    perDevice: {
      check: limiter('writes-device', config.RATE_LIMIT_WRITES_PER_DEVICE, byDevice),
      message: 'too_many_writes_device',
    },
    perAddress: {
      check: limiter('writes-ip', config.RATE_LIMIT_WRITES_PER_IP, byAddress),
      message: 'too_many_writes_network',
    },
  };
  const uploadLimits: { perDevice: Limit; perAddress: Limit } = {
    perDevice: {
      check: limiter('uploads-device', config.RATE_LIMIT_UPLOADS_PER_DEVICE, byDevice),
      message: 'too_many_uploads_device',
    },
    perAddress: {
      check: limiter('uploads-ip', config.RATE_LIMIT_UPLOADS_PER_IP, byAddress),
      message: 'too_many_uploads_network',
    },
  };
  const heavyReads: Limit = {
    check: limiter('heavy-reads-ip', config.RATE_LIMIT_HEAVY_READS_PER_IP, byAddress),
    message: 'too_many_reads',
  };
  const notFound = limiter('not-found-ip', config.RATE_LIMIT_NOT_FOUND_PER_IP, byAddress);

  const apply = async (request: FastifyRequest, reply: FastifyReply, limits: Limit[]) => {
    for (const limit of limits) {
      const seconds = exceeded(await limit.check(request));
      if (seconds !== null) refuse(reply, seconds, limit.message);
    }
  };

  // After the client context hook: the device is known here. A request is judged by the route it
  // matched, never by how its URL was spelt (`/%61pi/…`, an absolute-form target, a fragment).
  app.addHook('onRequest', async (request, reply) => {
    const path = routePathOf(request);
    if (!isApiPath(path) || isUnlimited(path)) return;
    const guessing = exceeded(await notFound(request, { increment: false }));
    if (guessing !== null) refuse(reply, guessing, 'too_many_guesses');
    if (isHeavyRead(request.method, path)) return apply(request, reply, [heavyReads]);
    if (!isWrite(request.method)) return;
    const device = request.client.deviceId !== null;
    const limits = isUpload(request, path) ? [uploadLimits, writeLimits] : [writeLimits];
    await apply(
      request,
      reply,
      limits.flatMap(({ perDevice, perAddress }) =>
        device ? [perDevice, perAddress] : [perAddress],
      ),
    );
  });

  app.addHook('onResponse', (request, reply, done) => {
    if (!isGuess(request, reply) || !isApiPath(routePathOf(request))) return done();
    notFound(request).then(
      () => done(),
      (error: unknown) => done(error as Error),
    );
  });
}
