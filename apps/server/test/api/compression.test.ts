import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createEvent } from '../support/fixtures';
import { apiClient, useTestApp } from '../support/test-app';

describe('compressed API answers', () => {
  const started = useTestApp('pglite');

  it('sends JSON in brotli or gzip to a client that accepts it, and plain to one that does not', async () => {
    const { app } = started();
    // Above the 1 KB below which compressing does not pay.
    const event = await createEvent(apiClient(app), ['Ana', 'Ben'], {
      desc: 'Lisbon '.repeat(200),
    });
    const url = `/api/events/${event.id}`;
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const body = JSON.parse(plain.body) as unknown;

    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(body);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(body);
  });

  it('still answers an unchanged event with 304 and no body', async () => {
    const { app } = started();
    const event = await createEvent(apiClient(app));
    const first = await app.inject({ method: 'GET', url: `/api/events/${event.id}` });
    const again = await app.inject({
      method: 'GET',
      url: `/api/events/${event.id}`,
      headers: { 'if-none-match': String(first.headers.etag), 'accept-encoding': 'br, gzip' },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
