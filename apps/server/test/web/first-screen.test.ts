import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../support/fixtures';
import { apiClient, startTestApp, type TestApp } from '../support/test-app';

const INLINE = '(function () { document.title = "checked"; })();';
const PAGE =
  '<!doctype html><html><head><title>Quits</title>' +
  `<script type="application/json" id="data">{"a":1}</script><script>${INLINE}</script></head>` +
  '<body><div id="root"><div class="boot-bar">Quits</div><!--first-screen--></div></body></html>';

/**
 * A stand-in for apps/web/dist-ssr/render-first-screen.js: renders what it was given, so the
 * test sees what the server hands it, and fails for an event named "boom".
 */
const RENDERER = `
export const eventHomeOf = (path) => /^\\/event\\/([^/]+)\\/home$/.exec(path)?.[1] ?? null;
export async function renderEventHome(eventId, answers, hints) {
  if (answers.event.data.name === 'boom') throw new Error('render failed');
  const rtl = hints.cookies.locale === 'ar';
  return {
    title: answers.event.data.name + ' · Quits',
    language: hints.cookies.locale ?? 'en',
    direction: rtl ? 'rtl' : 'ltr',
    head: '<style data-emotion="css x">.x{}</style>',
    html: '<main id="rendered">' + JSON.stringify({ eventId, answers, hints }).replaceAll('<', '') + '</main>',
  };
}`;

const HTML = { accept: 'text/html' };
const rendered = (body: string) =>
  JSON.parse(/<main id="rendered">(.*?)<\/main>/.exec(body)?.[1] ?? 'null');

describe("a shared link's first screen, rendered by the server", () => {
  let root: string;
  let started: TestApp;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'quits-first-screen-'));
    await mkdir(join(root, 'dist'));
    await mkdir(join(root, 'dist-ssr'));
    await writeFile(join(root, 'dist/index.html'), PAGE);
    await writeFile(join(root, 'dist-ssr/render-first-screen.js'), RENDERER);
    started = await startTestApp('pglite', { WEB_DIST_DIR: join(root, 'dist') });
  });
  afterAll(async () => {
    await started?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("writes the event home into the page, from the API's answers and the device's cookies", async () => {
    const { app } = started;
    const event = await createEvent(apiClient(app), ['Ann <b>', 'Bo']);
    const page = await app.inject({
      method: 'GET',
      url: `/event/${event.id}/home`,
      headers: {
        ...HTML,
        cookie: 'theme=dark; locale=de; whoami=someone',
        'accept-language': 'de-CH,de;q=0.9',
      },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The event's data and this device's choices: never kept by a cache.
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers.vary).toMatch(/cookie/i);
    expect(page.body).toContain(`<title>${event.name} · Quits</title>`);
    // The page speaks the rendered screen's language, in its direction.
    expect(page.body).toContain('<html lang="de" dir="ltr">');
    expect(page.body).toContain('<style data-emotion="css x">');
    // After the boot frame, in #root, the rest of the page as it was.
    expect(page.body).toContain('<div class="boot-bar">Quits</div><main id="rendered">');
    expect(page.body).toContain(`<script>${INLINE}</script>`);
    const input = rendered(page.body);
    expect(input.eventId).toBe(event.id);
    expect(input.answers.event.data.users.map((user: { name: string }) => user.name)).toEqual([
      'Ann b>',
      'Bo',
    ]);
    expect(input.answers.currencies.data.data.length).toBeGreaterThan(100);
    expect(input.hints).toEqual({
      cookies: { theme: 'dark', locale: 'de', whoami: 'someone' },
      acceptLanguage: 'de-CH,de;q=0.9',
      basePath: '',
    });
  });

  it('escapes the title: an event name is text, not markup', async () => {
    const { app } = started;
    const event = await createEvent(apiClient(app), ['Ann'], {
      name: '</title><script>x</script>',
    });
    const page = await app.inject({ method: 'GET', url: `/event/${event.id}/home`, headers: HTML });
    expect(page.body).toContain(
      '<title>&#60;/title&#62;&#60;script&#62;x&#60;/script&#62; · Quits</title>',
    );
  });

  it.each([
    ['an event that does not exist', '/event/no-such-event/home'],
    ['another screen', '/about'],
  ])('sends the plain page for %s, for the app to handle', async (_, url) => {
    const page = await started.app.inject({ method: 'GET', url, headers: HTML });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toBe(PAGE);
  });

  it('sends the plain page when the render fails', async () => {
    const { app } = started;
    const event = await createEvent(apiClient(app), ['Ann'], { name: 'boom' });
    const page = await app.inject({ method: 'GET', url: `/event/${event.id}/home`, headers: HTML });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(PAGE);
  });

  it("allows the page's inline script by its hash, and no other inline script", async () => {
    const page = await started.app.inject({ method: 'GET', url: '/', headers: HTML });
    const hash = createHash('sha256').update(INLINE).digest('base64');
    expect(page.headers['content-security-policy']).toContain(
      `script-src 'self' 'sha256-${hash}';`,
    );
  });
});
