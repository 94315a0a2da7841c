import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Event, Expenditure } from '@quits/contract';
import { parseEcbRatesXml } from '@server/currencies/ecb-feed';
import { readShippedHistory } from '@server/currencies/rate-history-store';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { apiClient, startTestApp, type TestApp } from '../support/test-app';

/** An ECB history file (eurofxref-hist-90d.xml's layout, newest day first) of the given days. */
function historyXml(days: Record<string, Record<string, number>>): string {
  const cubes = Object.entries(days)
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([date, rates]) => {
      const inner = Object.entries(rates)
        .map(([currency, rate]) => `<Cube currency='${currency}' rate='${rate}'/>`)
        .join('');
      return `<Cube time='${date}'>${inner}</Cube>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
<gesmes:subject>Reference rates</gesmes:subject>
<gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
<Cube>${cubes}</Cube></gesmes:Envelope>`;
}

const FEED_DAYS = {
  '2026-11-18': { USD: 1.2, GBP: 0.85 },
  '2026-11-19': { USD: 1.21, GBP: 0.86 },
  // A day the shipped history has already: never changed by a feed.
  '2024-03-15': { USD: 9.99 },
};

describe('the shipped history', () => {
  it('holds every day from 1999-01-04 to 2025-05-09, with the rates as published', () => {
    const days = readShippedHistory();
    expect(days).toHaveLength(6747);
    expect(days[0]).toMatchObject({ date: '1999-01-04', per_euro: { USD: 1.1789 } });
    expect(days.at(-1)?.date).toBe('2025-05-09');
    expect(days.find((day) => day.date === '2024-03-15')?.per_euro.USD).toBe(1.0892);
    expect(days[0]?.per_euro.RON).toBeUndefined();
  });
});

describe('parseEcbRatesXml', () => {
  it('reads a history file oldest day first', () => {
    const days = parseEcbRatesXml(historyXml(FEED_DAYS));
    expect(days.map((day) => day.date)).toEqual(['2024-03-15', '2026-11-18', '2026-11-19']);
    expect(days[2]?.per_euro).toEqual({ USD: 1.21, GBP: 0.86 });
  });

  it('refuses the same day twice', () => {
    const xml = historyXml({ '2026-11-18': { USD: 1.2 } }).replace(
      '</Cube></gesmes',
      "<Cube time='2026-11-18'><Cube currency='USD' rate='1.3'/></Cube></Cube></gesmes",
    );
    expect(() => parseEcbRatesXml(xml)).toThrow(/appears twice/);
  });
});

describe('filling in the history from RATES_URL (a local history file)', () => {
  let server: Server;
  let test: TestApp;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/xml' }).end(historyXml(FEED_DAYS));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/eurofxref-hist-90d.xml`;
    test = await startTestApp('pglite', { RATES_URL: url });
  });
  afterAll(async () => {
    await test?.close();
    server?.close();
  });

  it('adds the days it lacks, keeps the ones it has, and converts expenses of those days', async () => {
    const { app } = test;
    await vi.waitFor(() => expect(app.rateHistory.lastDate).toBe('2026-11-19'), {
      timeout: 10_000,
    });
    await vi.waitFor(() => expect(app.currencies.ratesDate).toBe('2026-11-19'));
    expect(app.rateHistory.rateOn('USD', 'EUR', '2024-03-15')?.value).toBe(0.91810503);
    expect(app.rateHistory.rateOn('USD', 'EUR', '2026-11-18')?.value).toBe(
      Number((1 / 1.2).toPrecision(8)),
    );

    const api = apiClient(app);
    const event: Event = await createEvent(api, ['Ana']);
    const ana = personId(event, 'Ana');
    const body = {
      ...expenseBody({ payer: ana, among: [ana], amount: 12_000, currency_id: 'USD' }),
      date: '2026-11-18',
    };
    const answer = await api.post<{ data: Expenditure }>(
      `/api/event/${event.id}/expenditure`,
      body,
    );
    expect(answer.body.data.rate).toMatchObject({ source: 'ecb', date: '2026-11-18' });
  });

  it('loads the shipped history once: a second start adds nothing', async () => {
    const before = test.app.rateHistory.days.length;
    await test.app.rateHistory.addDays(readShippedHistory().slice(0, 50), 'shipped');
    expect(test.app.rateHistory.days.length).toBe(before);
  });
});
