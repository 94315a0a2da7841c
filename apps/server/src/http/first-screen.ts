import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseCookies } from 'cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageUnderBasePath } from './base-path';
import { isFile } from './is-file';
import { routePathOf } from './request-path';

/** What apps/web/src/ssr/render-first-screen.tsx exports (built to dist-ssr/ beside dist/). */
interface ServerRender {
  eventHomeOf(path: string): string | null;
  renderEventHome(
    eventId: string,
    answers: { event: unknown; currencies: unknown },
    hints: {
      cookies: Record<string, string | undefined>;
      acceptLanguage?: string;
      basePath?: string;
    },
  ): Promise<{
    title: string;
    language: string;
    direction: 'ltr' | 'rtl';
    html: string;
    head: string;
  }>;
}

/** The page a first screen is written into: the built index.html, cut where it goes. */
interface Template {
  beforeTitle: string;
  /** From `</title>` to the mark in `#root`, after the boot frame (kept for a device that draws the page itself). */
  titleToScreen: string;
  afterScreen: string;
}

const TITLE = '<title>Quits</title>';
/** index.html's own `<html>` tag, which a rendered page replaces with its language's. */
const HTML_TAG = /<html[^>]*>/;
const SCREEN = '<!--first-screen-->';

/** Past this, the browser gets the page unrendered and draws it itself, as without this. */
const RENDER_TIMEOUT_MS = 2_000;
/** Renders run one at a time; past this many waiting, a page is served unrendered at once. */
const MAX_WAITING = 20;

function cut(html: string): Template | null {
  const title = html.indexOf(TITLE);
  const screen = html.indexOf(SCREEN);
  if (title < 0 || screen < title) return null;
  return {
    beforeTitle: html.slice(0, title),
    titleToScreen: html.slice(title + TITLE.length, screen),
    afterScreen: html.slice(screen + SCREEN.length),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The first screens the server renders, or null when it cannot (the shell is sent instead). */
export interface FirstScreens {
  /** The rendered page for `request`, or null when this page is not one it renders. */
  render(request: FastifyRequest): Promise<string | null>;
}

/**
 * Loads the web app's server render (`dist-ssr/render-first-screen.js` beside `distDir`, built
 * by `npm run build`). Without it, or with an index.html it cannot place a screen in, every page
 * is the plain shell, as before.
 */
export async function loadFirstScreens(
  app: FastifyInstance,
  distDir: string,
): Promise<FirstScreens | null> {
  const module = join(distDir, '..', 'dist-ssr', 'render-first-screen.js');
  if (!(await isFile(module))) {
    app.log.info({ module }, 'no server render of first screens; pages are drawn by the browser');
    return null;
  }
  const base = app.config.BASE_PATH;
  const built = await readFile(join(distDir, 'index.html'), 'utf8');
  const template = cut(base ? pageUnderBasePath(built, base) : built);
  if (!template) {
    app.log.warn('index.html has no <title> or first-screen mark to render a first screen into');
    return null;
  }
  const render = (await import(pathToFileURL(module).href)) as ServerRender;
  let waiting = 0;
  return {
    async render(request) {
      const path = routePathOf(request);
      const eventId = request.method === 'GET' ? render.eventHomeOf(path) : null;
      if (eventId === null || waiting >= MAX_WAITING) return null;
      waiting += 1;
      try {
        return await withTimeout(renderPage(app, render, template, eventId, request));
      } catch (error) {
        request.log.warn(
          { err: error },
          'could not render the first screen; sending the page unrendered',
        );
        return null;
      } finally {
        waiting -= 1;
      }
    },
  };
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the render took too long')), RENDER_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The API's own answer to `url`, as the browser would get it (with its address, for the rate
 * limits), or null when it is not a 200: the app then shows that answer itself (a 404 removes
 * the event from the device's list, spec §8).
 */
async function answer(app: FastifyInstance, url: string, request: FastifyRequest) {
  const response = await app.inject({
    method: 'GET',
    url,
    remoteAddress: request.ip,
    headers: { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
  });
  return response.statusCode === 200 ? (response.json() as unknown) : null;
}

async function renderPage(
  app: FastifyInstance,
  render: ServerRender,
  template: Template,
  eventId: string,
  request: FastifyRequest,
): Promise<string | null> {
  const [event, currencies] = await Promise.all([
    answer(app, `${app.config.BASE_PATH}/api/events/${encodeURIComponent(eventId)}`, request),
    answer(app, `${app.config.BASE_PATH}/api/currencies`, request),
  ]);
  if (event === null || currencies === null) return null;
  const page = await render.renderEventHome(
    eventId,
    { event, currencies },
    {
      cookies: parseCookies(request.headers.cookie ?? ''),
      acceptLanguage: request.headers['accept-language'],
      basePath: app.config.BASE_PATH,
    },
  );
  const htmlTag = `<html lang="${escapeHtml(page.language)}" dir="${page.direction}">`;
  return (
    `${template.beforeTitle.replace(HTML_TAG, htmlTag)}<title>${escapeHtml(page.title)}</title>${page.head}` +
    `${template.titleToScreen}${page.html}${template.afterScreen}`
  );
}
