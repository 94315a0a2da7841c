import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '@server/config';
import { contentSecurityPolicy } from '@server/http/content-security-policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  let dist: string;
  let started: TestApp;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'quits-headers-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Quits</title>');
    started = await startTestApp('pglite', { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await started?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    started.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it.each(['/', '/event/abcdefghijklmnopqrstuv/home', '/api/currencies', '/api/no/such/route'])(
    'sends a strict Content-Security-Policy with %s',
    async (url) => {
      const csp = directives((await get(url)).headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('worker-src')).toEqual(["'self'"]);
      expect(csp.get('manifest-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
    },
  );

  it('keeps the link out of Referer, sniffing and framing off, the camera for the app only', async () => {
    const { headers } = await get('/');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['permissions-policy']).toMatch(/(^|, )camera=\(self\)(,|$)/);
    expect(headers['permissions-policy']).toMatch(/microphone=\(\)/);
    // Plain HTTP here: HSTS only once PUBLIC_URL says the server is reached over TLS.
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the headers with refusals too', async () => {
    const refused = await started.app.inject({
      method: 'GET',
      url: '/api/currencies',
      headers: { 'device-id': 'not-a-uuid' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-security-policy']).toContain("script-src 'self'");
    expect(refused.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers no other site: no Access-Control-Allow-Origin, a preflight finds nothing', async () => {
    const read = await get('/api/currencies', { origin: 'https://elsewhere.example' });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await started.app.inject({
      method: 'OPTIONS',
      url: '/api/events',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('security headers, configured', () => {
  let started: TestApp;
  beforeAll(async () => {
    started = await startTestApp('pglite', {
      PUBLIC_URL: 'https://quits.example',
      CORS_ORIGINS: 'https://partner.example, https://other.example',
    });
  });
  afterAll(async () => {
    await started?.close();
  });

  it('sends HSTS behind TLS and lets the sockets of the public address connect', async () => {
    const answer = await started.app.inject({ method: 'GET', url: '/api/currencies' });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    const csp = directives(answer.headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://quits.example']);
  });

  it('lets a listed origin read the API and answers its preflight', async () => {
    const read = await started.app.inject({
      method: 'GET',
      url: '/api/currencies',
      headers: { origin: 'https://partner.example' },
    });
    expect(read.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(read.headers.vary).toMatch(/origin/i);
    const preflight = await started.app.inject({
      method: 'OPTIONS',
      url: '/api/events',
      headers: {
        origin: 'https://other.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, device-id',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://other.example');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/Device-ID/);
  });

  it('still answers an origin that is not listed without Access-Control-Allow-Origin', async () => {
    const read = await started.app.inject({
      method: 'GET',
      url: '/api/currencies',
      headers: { origin: 'https://partner.example.evil' },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the Content-Security-Policy', () => {
  it('lets the web app reach an external Pusher server when one is configured', () => {
    const config = readConfig({
      PUSHER_APP_ID: 'quits',
      PUSHER_KEY: 'quits-key',
      PUSHER_SECRET: 'a-long-secret',
      PUSHER_HOST: 'soketi.example',
      PUSHER_PORT: '6001',
      PUSHER_SCHEME: 'https',
    });
    expect(contentSecurityPolicy(config)['connect-src']).toEqual([
      "'self'",
      'wss://soketi.example:6001',
    ]);
  });

  it('never allows inline or evaluated scripts', () => {
    const csp = contentSecurityPolicy(readConfig({}));
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
  });

  it('refuses CORS_ORIGINS that are not origins', () => {
    expect(() => readConfig({ CORS_ORIGINS: 'https://a.example/path' })).toThrow(/CORS_ORIGINS/);
    expect(() => readConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
  });
});
