import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, say } from './http-error';

/**
 * The path of a request target as sent: cut at its query or fragment, and without the scheme and
 * host of an absolute-form target (`GET http://host/api/…`), which the router accepts too.
 */
export function sentPathOf(url: string): string {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  const target = origin ? url.slice(origin[0].length) || '/' : url;
  const end = target.search(/[?#]/);
  return end < 0 ? target : target.slice(0, end);
}

// RFC 3986 §2.3: letters, digits, "-", ".", "_" and "~" mean the same encoded or not, and a
// client that follows the RFC never encodes them (the app's `encodeURIComponent` does not).
const ENCODED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/i;

/**
 * Whether a path is as a client that follows RFC 3986 writes it: no letter, digit or `-._~`
 * percent-encoded. The router decodes those, so `/%61pi/…` reaches the same route as `/api/…`;
 * anything that looks at a path itself would be fooled by the encoded spelling.
 */
export function isCanonicalPath(path: string): boolean {
  return !ENCODED_UNRESERVED.test(path);
}

/**
 * What limits, CORS and the web app's fallback judge a request by: the pattern of the route it
 * matched (`/api/events/:id/activity`), however its path was spelt; for a request no route takes,
 * its path as the router read it (percent-decoded).
 */
export function routePathOf(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route !== undefined) return route;
  const path = sentPathOf(request.url);
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * Refuses, before any other hook looks at the path, a request whose path percent-encodes a
 * character that needs no encoding (400 `path_not_canonical`): one spelling per route.
 */
export function installCanonicalPaths(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isCanonicalPath(sentPathOf(request.url))) {
      throw new HttpError(400, say('path_not_canonical'));
    }
  });
}
