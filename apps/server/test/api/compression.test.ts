import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SERVER_VERSION } from '@server/version';
import { describe, expect, it } from 'vitest';
import { createEvent } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

/** An event big enough to compress: a dozen people with long names. */
const PEOPLE = Array.from({ length: 12 }, (_, index) => `Person number ${index + 1} of the trip`);

describe.each(DATABASES)('compressed answers (%s)', (kind) => {
  const started = useTestApp(kind);

  it('sends an event as brotli or gzip, as the client accepts, the same JSON once unpacked', async () => {
    const { app } = started();
    const event = await createEvent(apiClient(app), PEOPLE);
    const url = `/api/events/${event.id}`;
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    // Other bytes, same meaning: a weak tag, which still answers 304 when it is sent back.
    expect(br.headers.etag).toBe(`W/${plain.headers.etag}`);
    const unchanged = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves small answers and refusals as they are', async () => {
    const { app } = started();
    const small = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({
      data: {
        status: 'ok',
        database: 'ok',
        version: SERVER_VERSION,
        receipts: { count: 0, bytes: 0 },
      },
    });
    const missing = await app.inject({
      method: 'GET',
      url: '/api/events/abcdefghijklmnopqrstuvwx',
      headers: { 'accept-encoding': 'br' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toHaveProperty('message');
  });
});
