import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Event } from '@quits/contract';
import type Pusher from 'pusher-js';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Heard, listen, listenTo, pusherClient, WAIT_MS } from '../realtime/realtime-support';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { apiClient, startTestApp, type TestApp } from '../support/test-app';

const NGINX = '/usr/sbin/nginx';
const deployment = new URL('../../../../docs/DEPLOYMENT.md', import.meta.url);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * docs/DEPLOYMENT.md's nginx site, as written there, less TLS and the redirect from port 80:
 * listening on `port` of 127.0.0.1, passing to the app at `appPort`.
 */
async function documentedSite(port: number, appPort: number): Promise<string> {
  const text = await readFile(deployment, 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(text)?.[1];
  if (!block) throw new Error('docs/DEPLOYMENT.md has no nginx block');
  const site = block
    .replace(/\nserver \{\s*listen 80;[\s\S]*?\n\}\n?/, '\n')
    .replace(/^\s*listen 443 ssl http2;$/m, `    listen 127.0.0.1:${port};`)
    .replace(/^\s*(listen \[::\]:443 ssl http2|ssl_certificate(_key)?\s.*);$/gm, '')
    .replace(/^\s*# nginx 1\.25.*$/m, '')
    .replaceAll('http://127.0.0.1:8080', `http://127.0.0.1:${appPort}`);
  expect(site).not.toMatch(/\bssl\b|:8080/);
  return site;
}

/**
 * docs/DEPLOYMENT.md's block for a server under a path (its second nginx block), in a server on
 * `port` of 127.0.0.1 with the first block's map, passing to the app at `appPort`.
 */
async function documentedPathSite(port: number, appPort: number): Promise<string> {
  const text = await readFile(deployment, 'utf8');
  const [site, underPath] = [...text.matchAll(/```nginx\n([\s\S]*?)```/g)].map((block) => block[1]);
  const map = /map \$http_upgrade[\s\S]*?\n\}/.exec(site ?? '')?.[0];
  if (!underPath || !map) throw new Error('docs/DEPLOYMENT.md has no nginx block for a path');
  const location = underPath.replaceAll('http://127.0.0.1:8080', `http://127.0.0.1:${appPort}`);
  return `${map}\nserver {\n    listen 127.0.0.1:${port};\n${location}\n}\n`;
}

/** nginx's own files in `folder` around `site`, never the machine's configuration. */
async function writeConfig(folder: string, site: string): Promise<string> {
  await mkdir(join(folder, 'temp'), { recursive: true });
  const config = [
    // As root, nginx's workers would otherwise run as nobody, who cannot use this folder.
    process.getuid?.() === 0 ? 'user root;' : '',
    `pid ${folder}/nginx.pid;`,
    'daemon off;',
    'worker_processes 1;',
    `error_log ${folder}/error.log warn;`,
    'events { worker_connections 64; }',
    'http {',
    `  access_log ${folder}/access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${folder}/temp/${kind};`,
    ),
    site,
    '}',
  ].join('\n');
  const path = join(folder, 'nginx.conf');
  await writeFile(path, config);
  return path;
}

/** nginx in the foreground on `site`. */
async function startNginx(folder: string, site: string): Promise<ChildProcess> {
  await writeConfig(folder, site);
  const nginx = spawn(
    NGINX,
    ['-p', folder, '-e', `${folder}/error.log`, '-c', `${folder}/nginx.conf`],
    {
      stdio: 'ignore',
    },
  );
  return nginx;
}

/**
 * Joins `trip`'s channel on `pusher`, writes an expense through the proxy at `proxied` (the app's
 * address, its base path included) and expects the live message of it.
 */
async function expectLiveUpdate(
  pusher: Pusher,
  proxied: string,
  trip: Event,
  deviceId: string,
): Promise<void> {
  const ana = personId(trip, 'Ana');
  const heard: Heard[] = await listenTo(pusher, `private-event.${trip.id}`);
  const expense = expenseBody({ payer: ana, among: [ana], amount: 1200, title: 'Taxi' });
  const written = await fetch(`${proxied}/api/event/${trip.id}/expenditure`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'device-id': deviceId,
      'who-am-i': ana,
    },
    body: JSON.stringify(expense),
  });
  expect(written.status).toBe(201);
  await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: WAIT_MS, interval: 10 });
  expect(heard[0]).toMatchObject({
    name: 'ExpenseCreated',
    data: { entity: { id: expense.id, title: 'Taxi' } },
  });
}

describe.skipIf(!existsSync(NGINX))('behind nginx, configured as docs/DEPLOYMENT.md says', () => {
  let started: TestApp;
  let folder: string;
  let nginx: ChildProcess | undefined;
  let proxied: string;
  let proxyPort: number;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'quits-nginx-'));
    const web = join(folder, 'web');
    await mkdir(web);
    await writeFile(
      join(web, 'index.html'),
      '<!doctype html><title>Quits</title><div id="root"></div>',
    );
    started = await startTestApp('pglite', {
      WEB_DIST_DIR: web,
      TRUST_PROXY: 'loopback',
      PUBLIC_URL: 'https://quits.example.org',
    });
    const app = await listen(started.app);
    proxyPort = await freePort();
    proxied = `http://127.0.0.1:${proxyPort}`;
    nginx = await startNginx(folder, await documentedSite(proxyPort, app.port));
    await vi.waitFor(
      async () => expect((await fetch(`${proxied}/api/health/live`)).status).toBe(200),
      { timeout: 20_000, interval: 100 },
    );
  }, 60_000);

  afterAll(async () => {
    for (const pusher of clients) pusher.disconnect();
    nginx?.kill('SIGQUIT');
    await started?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('accepts the whole documented site, TLS and the redirect included (nginx -t)', async () => {
    const pems = await generate([{ name: 'commonName', value: 'quits.example.org' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
    });
    const tls = join(folder, 'tls');
    await mkdir(tls);
    await writeFile(join(tls, 'fullchain.pem'), pems.cert);
    await writeFile(join(tls, 'privkey.pem'), pems.private);
    const block = /```nginx\n([\s\S]*?)```/.exec(await readFile(deployment, 'utf8'))?.[1] ?? '';
    const site = block
      .replaceAll('/etc/letsencrypt/live/quits.example.org', tls)
      .replace('listen 443 ssl http2;', `listen 127.0.0.1:${await freePort()} ssl http2;`)
      .replace(/^\s*listen \[::\]:(443|80).*$/gm, '')
      .replace('listen 80;', `listen 127.0.0.1:${await freePort()};`);
    const checked = join(folder, 'checked');
    const config = await writeConfig(checked, site);
    expect(() =>
      execFileSync(NGINX, ['-t', '-q', '-p', checked, '-e', `${checked}/error.log`, '-c', config], {
        stdio: 'pipe',
      }),
    ).not.toThrow();
  });

  it('serves a page, with the request id nginx gave it', async () => {
    const page = await fetch(`${proxied}/event/abcdefghijklmnopqrstuv`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Quits</title>');
    // Kept from the trusted proxy (TRUST_PROXY): nginx's $request_id, 32 hex digits.
    expect(page.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('carries a live update through the WebSocket upgrade on /app/', async () => {
    const api = apiClient(started.app);
    const trip = await createEvent(api);
    const pusher = pusherClient({
      key: 'quits',
      port: proxyPort,
      authUrl: `${proxied}/api/broadcasting/auth`,
    });
    clients.push(pusher);
    await expectLiveUpdate(pusher, proxied, trip, api.deviceId);
  });
});

describe.skipIf(!existsSync(NGINX))('under a path behind nginx, as docs/DEPLOYMENT.md says', () => {
  let started: TestApp;
  let folder: string;
  let nginx: ChildProcess | undefined;
  let proxied: string;
  let proxyPort: number;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'quits-nginx-path-'));
    const web = join(folder, 'web');
    await mkdir(web);
    await writeFile(
      join(web, 'index.html'),
      '<!doctype html><head><base href="/" /><title>Quits</title></head><div id="root"></div>',
    );
    started = await startTestApp('pglite', {
      WEB_DIST_DIR: web,
      TRUST_PROXY: 'loopback',
      BASE_PATH: '/quits',
      PUBLIC_URL: 'https://example.org/quits',
    });
    const app = await listen(started.app);
    proxyPort = await freePort();
    proxied = `http://127.0.0.1:${proxyPort}/quits`;
    nginx = await startNginx(folder, await documentedPathSite(proxyPort, app.port));
    await vi.waitFor(
      async () => expect((await fetch(`${proxied}/api/health/live`)).status).toBe(200),
      { timeout: 20_000, interval: 100 },
    );
  }, 60_000);

  afterAll(async () => {
    for (const pusher of clients) pusher.disconnect();
    nginx?.kill('SIGQUIT');
    await started?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('serves a page whose addresses are under the path', async () => {
    const page = await fetch(`${proxied}/event/abcdefghijklmnopqrstuv/home`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<base href="/quits/" />');
    expect(page.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('carries a live update through the WebSocket upgrade on /quits/app/', async () => {
    const api = apiClient(started.app);
    const made = await fetch(`${proxied}/api/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        'device-id': api.deviceId,
      },
      body: JSON.stringify({ name: 'Lisbon', currency_id: 'EUR', users: [{ name: 'Ana' }] }),
    });
    expect(made.status).toBe(201);
    const trip = ((await made.json()) as { data: Event }).data;
    const pusher = pusherClient({
      key: 'quits',
      port: proxyPort,
      wsPath: '/quits',
      authUrl: `${proxied}/api/broadcasting/auth`,
    });
    clients.push(pusher);
    await expectLiveUpdate(pusher, proxied, trip, api.deviceId);
  });
});
