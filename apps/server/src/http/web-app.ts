import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { homeRoutes } from '@server/routes/home';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageUnderBasePath } from './base-path';
import { loadFirstScreens } from './first-screen';
import { isFile } from './is-file';
import { routePathOf } from './request-path';

/** The built web app, as the not-found handler needs it for history mode. */
export interface WebApp {
  /**
   * Answers with `index.html`, the app's router reading the URL from there; for a shared link's
   * first screen, with that screen rendered in it (first-screen.ts).
   */
  sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** null when the web app is not built; `/` then says how to build it. */
    webApp: WebApp | null;
  }
}

// Vite names everything under assets/ by its content hash, so a changed file is a new URL.
const HASHED_FILE = 'public, max-age=31536000, immutable';
// Everything else (index.html, sw.js, manifest.webmanifest, icons) keeps its name across
// releases: browsers revalidate by ETag so a deploy is seen on the next load.
const NAMED_FILE = 'no-cache';
// The build writes a brotli and a gzip copy beside each text file (apps/web/build/precompress.ts).
const COMPRESSED_COPIES = ['**/*.br', '**/*.gz'];

/**
 * Serves the web app built in `distDir` from the API's port, or a page saying how to build it
 * when `distDir/index.html` is missing.
 */
export async function installWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!(await isFile(join(distDir, 'index.html')))) {
    app.log.warn({ distDir }, 'the web app is not built; run `npm run build`');
    app.decorate('webApp', null);
    await app.register(homeRoutes);
    return;
  }
  // Under a BASE_PATH the page is sent with its <base href> there, never as the file says.
  const base = app.config.BASE_PATH;
  const shell = base
    ? pageUnderBasePath(await readFile(join(distDir, 'index.html'), 'utf8'), base)
    : null;
  await app.register(fastifyStatic, {
    root: distDir,
    // One route per file that exists at start, instead of a catch-all: other paths reach the
    // not-found handler, which picks between the app's shell and a 404.
    wildcard: false,
    // Each copy is sent for its file to a browser that accepts its encoding, never by its own
    // URL; a file without copies (or a build made before them) is sent as it is.
    preCompressed: true,
    globIgnore: shell ? [...COMPRESSED_COPIES, 'index.html'] : COMPRESSED_COPIES,
    cacheControl: false,
    setHeaders: (response, path) => {
      const hashed = relative(distDir, path).startsWith(`assets${sep}`);
      response.setHeader('cache-control', hashed ? HASHED_FILE : NAMED_FILE);
      // The same URL answers in another encoding to another browser: caches must key on it.
      response.setHeader('vary', 'accept-encoding');
    },
  });
  const firstScreens = await loadFirstScreens(app, distDir);
  const sendShell = (reply: FastifyReply) =>
    shell
      ? reply
          .type('text/html; charset=utf-8')
          .header('cache-control', NAMED_FILE)
          .header('vary', 'accept-encoding')
          .send(shell)
      : reply.sendFile('index.html');
  // The service worker stores the page by this name (src/sw.ts).
  if (shell) app.get('/index.html', (_request, reply) => sendShell(reply));
  app.decorate('webApp', {
    async sendPage(request, reply) {
      const page = await firstScreens?.render(request);
      if (!page) return sendShell(reply);
      return (
        reply
          .type('text/html; charset=utf-8')
          // The event's data and this device's choices: kept by no cache, never shared.
          .header('cache-control', 'no-store')
          .header('vary', 'cookie, accept-language')
          .send(page)
      );
    },
  });
}

/**
 * A request the web app's router may own: a GET or HEAD outside the API, without a file
 * extension (a missing script must stay a 404, never HTML a browser or service worker would
 * take for it), from a client that takes HTML.
 */
export function isAppPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = routePathOf(request);
  if (path === '/api' || path.startsWith('/api/')) return false;
  if (path.slice(path.lastIndexOf('/') + 1).includes('.')) return false;
  return acceptsHtml(request.headers.accept);
}

/** No Accept header takes anything (RFC 9110 §12.5.1); a range with q=0 refuses. */
function acceptsHtml(accept: string | undefined): boolean {
  if (accept === undefined) return true;
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const refused = params.some((param) => /^q=0(\.0*)?$/.test(param));
    return !refused && ['text/html', 'text/*', '*/*'].includes(type);
  });
}
