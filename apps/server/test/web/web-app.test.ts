import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

const SHELL = '<!doctype html><html><body><div id="root"></div>quits-shell</body></html>';
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const SCRIPT = 'console.log("app");';

/** A stand-in for `apps/web/dist`, so these tests never depend on building the web app. */
async function makeDist(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quits-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), SHELL);
  await writeFile(join(dir, 'assets/app-abc123.js'), SCRIPT);
  // The copies the web build writes beside each text file (apps/web/build/precompress.ts).
  await writeFile(join(dir, 'assets/app-abc123.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(join(dir, 'assets/app-abc123.js.gz'), gzipSync(SCRIPT));
  await writeFile(join(dir, 'index.html.gz'), gzipSync(SHELL));
  await writeFile(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  return dir;
}

describe('the built web app, served from the API port', () => {
  let dist: string;
  let started: TestApp;
  beforeAll(async () => {
    dist = await makeDist();
    started = await startTestApp('pglite', { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await started?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it.each(['/', '/new-event', '/event/abc/home', '/about', '/last-event', '/no/such/page'])(
    'answers the app route %s with index.html, revalidated on every load',
    async (url) => {
      const page = await started.app.inject({ method: 'GET', url, headers: HTML });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toBe(SHELL);
    },
  );

  it('answers HEAD on an app route like GET, without a body', async () => {
    const page = await started.app.inject({
      method: 'HEAD',
      url: '/event/abc/home',
      headers: HTML,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toBe('');
  });

  it('serves hashed assets as JavaScript, cached for a year as immutable', async () => {
    const script = await started.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript|^text\/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe('console.log("app");');
  });

  it('sends the brotli copy of an asset to a browser that takes brotli', async () => {
    const script = await started.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['content-type']).toMatch(/^application\/javascript|^text\/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers.vary).toMatch(/accept-encoding/i);
    expect(script.rawPayload).toEqual(brotliCompressSync(SCRIPT));
  });

  it('sends the gzip copy to a browser without brotli, and the file itself without either', async () => {
    const gzipped = await started.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    const plain = await started.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the app shell compressed too, still revalidated on every load', async () => {
    const page = await started.app.inject({
      method: 'GET',
      url: '/event/abc/home',
      headers: { ...HTML, 'accept-encoding': 'gzip, br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(page.rawPayload).toString()).toBe(SHELL);
  });

  it('never serves a compressed copy by its own URL', async () => {
    const copy = await started.app.inject({ method: 'GET', url: '/assets/app-abc123.js.br' });
    expect(copy.statusCode).toBe(404);
  });

  it('serves the service worker so that browsers revalidate it', async () => {
    const worker = await started.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with a 404, never the app shell', async () => {
    const missing = await started.app.inject({
      method: 'GET',
      url: '/assets/app-gone99.js',
      headers: HTML,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/html/);
    expect(missing.body).not.toContain('quits-shell');
  });

  it('keeps the JSON 404 for unknown API paths, even from a browser', async () => {
    const answer = await started.app.inject({ method: 'GET', url: '/api/nope', headers: HTML });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toMatchObject({ message: expect.stringContaining('/api/nope') });
  });

  it('does not answer a write to an app route with the shell', async () => {
    const answer = await started.app.inject({
      method: 'POST',
      url: '/event/x/home',
      headers: { ...HTML, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('quits-shell');
  });

  it('does not answer a client that only takes JSON with the shell', async () => {
    const answer = await started.app.inject({
      method: 'GET',
      url: '/event/x/home',
      headers: { accept: 'application/json' },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toHaveProperty('message');
  });
});

describe('the server without a built web app', () => {
  let empty: string;
  let started: TestApp;
  beforeAll(async () => {
    empty = await mkdtemp(join(tmpdir(), 'quits-no-web-'));
    started = await startTestApp('pglite', { WEB_DIST_DIR: empty });
  });
  afterAll(async () => {
    await started?.close();
    await rm(empty, { recursive: true, force: true });
  });

  it('answers / with a page that says to run npm run build', async () => {
    const page = await started.app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('npm run build');
  });

  it('answers other app routes with the JSON 404, as there is no app to route them', async () => {
    const answer = await started.app.inject({ method: 'GET', url: '/about', headers: HTML });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toHaveProperty('message');
  });
});
