import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '@server/config';
import { readSocketRequest } from '@server/realtime/pusher/socket-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestApp, type TestApp } from '../support/test-app';

/** The built page as the web build writes it: its <base href> at the root. */
const SHELL =
  '<!doctype html><html><head><meta charset="UTF-8" /><base href="/" /><title>Quits</title></head>' +
  '<body><div id="root"></div><script type="module" src="./assets/app-abc123.js"></script></body></html>';
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('BASE_PATH, read from the environment', () => {
  it.each([
    ['', ''],
    ['/', ''],
    ['/quits', '/quits'],
    ['quits', '/quits'],
    ['/quits/', '/quits'],
    ['/apps/quits-2.x', '/apps/quits-2.x'],
  ])('reads %j as %j', (value, base) => {
    expect(readConfig({ BASE_PATH: value }).BASE_PATH).toBe(base);
  });

  it.each(['/quits?x=1', '/quits/../admin', '/a b', '/%71uits', '/quits/./x', '/é'])(
    'refuses %j, naming the setting',
    (value) => {
      expect(() => readConfig({ BASE_PATH: value })).toThrow(/BASE_PATH must/);
    },
  );
});

describe('the live-update socket under a base path', () => {
  it('is read below the base path, and nowhere else', () => {
    expect(readSocketRequest('/quits/app/key?protocol=7', '/quits')).toEqual({
      key: 'key',
      protocol: '7',
    });
    expect(readSocketRequest('/app/key?protocol=7', '/quits')).toBe('elsewhere');
    expect(readSocketRequest('/quitsx/app/key', '/quits')).toBe('elsewhere');
    expect(readSocketRequest('/app/key', '')).toEqual({ key: 'key', protocol: null });
  });
});

describe('a server under BASE_PATH=/quits', () => {
  let dist: string;
  let started: TestApp;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'quits-web-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), SHELL);
    await writeFile(join(dist, 'assets/app-abc123.js'), 'console.log("app");');
    await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    started = await startTestApp('pglite', { WEB_DIST_DIR: dist, BASE_PATH: '/quits' });
  });
  afterAll(async () => {
    await started?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers the API under the path, with every link it gives under it too', async () => {
    const { app } = started;
    const health = await app.inject({ method: 'GET', url: '/quits/api/health/live' });
    expect(health.statusCode).toBe(200);
    const config = await app.inject({ method: 'GET', url: '/quits/api/config' });
    expect(config.json().data.realtime).toMatchObject({
      path: '/quits',
      auth_endpoint: '/quits/api/broadcasting/auth',
    });
    // The API's own paths in its answers' messages are as at the root: what the route is.
    const missing = await app.inject({ method: 'GET', url: '/quits/api/nothing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'no_route', params: { path: '/api/nothing' } });
  });

  it('answers nothing outside the path, but leads the host root to the app', async () => {
    const { app } = started;
    for (const url of ['/api/health/live', '/event/abc/home', '/sw.js', '/quitsx/api/health']) {
      const answer = await app.inject({ method: 'GET', url, headers: HTML });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'no_route' });
    }
    const root = await app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(root.statusCode).toBe(308);
    expect(root.headers.location).toBe('/quits/');
  });

  it('serves every page with its <base href> at the path, and the files beside it', async () => {
    const { app } = started;
    for (const url of ['/quits', '/quits/', '/quits/index.html', '/quits/event/abc/home']) {
      const page = await app.inject({ method: 'GET', url, headers: HTML });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<base href="/quits/" />');
      expect(page.body).not.toContain('<base href="/" />');
    }
    const script = await app.inject({ method: 'GET', url: '/quits/assets/app-abc123.js' });
    expect(script.statusCode).toBe(200);
    const worker = await app.inject({ method: 'GET', url: '/quits/sw.js' });
    expect(worker.statusCode).toBe(200);
  });

  it('creates and reads an event under the path', async () => {
    const { app } = started;
    const api = apiClient(app);
    const created = await api.post<{ data: { id: string } }>('/quits/api/events', {
      name: 'Lisbon',
      currency_id: 'EUR',
      users: [{ name: 'Ana' }],
    });
    expect(created.status).toBe(201);
    const { id } = created.body.data;
    const read = await api.get<{ data: { name: string } }>(`/quits/api/events/${id}`);
    expect(read.body.data.name).toBe('Lisbon');
    // The same event is not reachable beside the path.
    const beside = await api.get(`/api/events/${id}`);
    expect(beside.status).toBe(404);
  });
});
