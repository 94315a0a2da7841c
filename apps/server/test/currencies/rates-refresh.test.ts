import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Currency } from '@quits/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEvent } from '../support/fixtures';
import { apiClient, startTestApp, type TestApp } from '../support/test-app';

const fixture = new URL('./fixtures/eurofxref-daily.xml', import.meta.url);

/** A local stand-in for the rates feed: the real ECB file, moved to a later day. */
async function startFeed(): Promise<{ server: Server; url: string }> {
  const xml = (await readFile(fixture, 'utf8'))
    .replace(/time=['"]\d{4}-\d{2}-\d{2}['"]/, "time='2026-11-20'")
    .replace(/currency=['"]USD['"] rate=['"][\d.]+['"]/, "currency='USD' rate='1.25'");
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/xml' }).end(xml);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/eurofxref-daily.xml` };
}

describe('refreshing the global rates from RATES_URL', () => {
  let feed: { server: Server; url: string };
  let test: TestApp;

  beforeAll(async () => {
    feed = await startFeed();
    test = await startTestApp('pglite', { RATES_URL: feed.url });
  });
  afterAll(async () => {
    await test?.close();
    feed?.server.close();
  });

  it('replaces the shipped snapshot with the feed and changes every event ETag', async () => {
    const api = apiClient(test.app);
    await vi.waitFor(() => expect(test.app.currencies.ratesDate).toBe('2026-11-20'), {
      timeout: 10_000,
    });
    const list = await api.get<{ data: { data: Currency[]; rates_date: string } }>(
      '/api/currencies',
    );
    const usd = list.body.data.data.find((currency) => currency.id === 'USD');
    expect(list.body.data.rates_date).toBe('2026-11-20');
    expect(usd?.rate).toBeCloseTo(1 / 1.25, 12);

    const event = await createEvent(api);
    const first = await api.get(`/api/events/${event.id}`);
    expect(first.headers.etag).toContain('2026-11-20');
  });

  it('keeps the newer rates when the feed is older than what the database has', async () => {
    await test.app.currencies.applyRates({
      date: '2026-12-01',
      source: 'test',
      per_euro: { USD: 2 },
    });
    expect(test.app.currencies.get('USD')?.rate).toBe(0.5);
    expect(test.app.currencies.get('GBP')?.rate).toBeNull();
    expect(test.app.currencies.get('EUR')?.rate).toBe(1);
  });
});
