import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError, say } from './http-error';
import { sentPathOf } from './request-path';

/** A path of plain segments: what a proxy's `location /quits/` forwards, nothing to escape. */
const BASE_PATH_FORM = /^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$/;

/**
 * BASE_PATH: the path Quits answers under when a proxy serves it beside other sites
 * (`https://example.org/quits/`), '' at the root. Written `/quits`, `quits` or `/quits/`.
 */
export const basePathEnvironment = {
  BASE_PATH: z
    .string()
    .trim()
    .default('')
    .transform((value) => (value === '' ? '' : `/${value.replace(/^\/+|\/+$/g, '')}`))
    .transform((value) => (value === '/' ? '' : value))
    .pipe(
      z
        .string()
        .regex(BASE_PATH_FORM, {
          message:
            'must be a path such as /quits: segments of letters, digits, "-", "_", "~" and "."',
        })
        .refine((value) => !value.split('/').some((segment) => /^\.+$/.test(segment)), {
          message: 'must not have "." or ".." segments',
        }),
    ),
};

/** The request target with `base` taken off, or null when the target is not under it. */
export function withinBasePath(url: string, base: string): string | null {
  if (base === '') return url;
  if (!url.startsWith(base)) return null;
  const rest = url.slice(base.length);
  if (rest === '') return '/';
  if (rest.startsWith('/')) return rest;
  if (rest.startsWith('?')) return `/${rest}`;
  return null;
}

/**
 * Fastify's `rewriteUrl`: everything after it (routes, limits, CORS, the web app) sees paths as
 * at the root, `/api/…`, whatever BASE_PATH is. A target outside the base is left as it came;
 * `installBasePath` refuses it.
 */
export function basePathRewrite(base: string): ((request: { url?: string }) => string) | undefined {
  if (base === '') return undefined;
  return (request) => withinBasePath(request.url ?? '/', base) ?? request.url ?? '/';
}

/**
 * Under a BASE_PATH, answers what is outside it before any other hook judges it: the root of
 * the host leads to the app (308), anything else is not found. Nothing is served twice, at two
 * paths a proxy would treat differently.
 */
export function installBasePath(app: FastifyInstance, base: string): void {
  if (base === '') return;
  app.addHook('onRequest', async (request, reply) => {
    if (withinBasePath(request.originalUrl, base) !== null) return;
    const path = sentPathOf(request.originalUrl);
    if (path === '/') return reply.redirect(`${base}/`, 308);
    throw new HttpError(404, say('no_route', { method: request.method, path }));
  });
}

const BASE_ELEMENT = /<base\s[^>]*>/i;

/**
 * The built page with its `<base href>` at `base` (`/quits/`), which every relative address in
 * it and in the app's files follows: the build writes `<base href="/">`, the root.
 */
export function pageUnderBasePath(html: string, base: string): string {
  const element = `<base href="${base}/" />`;
  if (BASE_ELEMENT.test(html)) return html.replace(BASE_ELEMENT, element);
  return html.replace(/<head[^>]*>/i, (head) => `${head}${element}`);
}
