import type { FastifyInstance } from 'fastify';
import { routePathOf } from './request-path';

const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
const ALLOWED_HEADERS =
  'Content-Type, X-Requested-With, Device-ID, Who-Am-I, If-None-Match, Creation-Password';
const EXPOSED_HEADERS = 'ETag, Retry-After, X-Request-Id';
/** How long a browser may keep a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = '600';

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Cross-origin calls to the API, for the origins listed in CORS_ORIGINS only. With none listed
 * nothing is installed and no answer carries `Access-Control-Allow-Origin`: browsers keep other
 * sites from reading the API, and a cross-site write cannot send JSON without a preflight that
 * nothing answers.
 */
export function installCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!isApiPath(routePathOf(request))) return;
    reply.header('vary', 'origin');
    if (origin === undefined || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    const preflight =
      request.method === 'OPTIONS' && request.headers['access-control-request-method'];
    if (!preflight) return;
    return reply
      .status(204)
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS)
      .send();
  });
}
