import { readFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ECB_MAX_BODY_BYTES,
  fetchEcbRates,
  globalRatesFromPerEuro,
  parseEcbDailyXml,
} from '@server/currencies/ecb-feed';
import { RATES_SNAPSHOT } from '@server/currencies/rates-snapshot';
import { afterEach, describe, expect, it } from 'vitest';

/** The ECB's eurofxref-daily.xml of 2026-10-02, verbatim. */
const FIXTURE = readFileSync(new URL('./fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');

/** A minimal daily file around the given inner `<Cube>` content. */
function daily(inner: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube>${inner}</Cube>
</gesmes:Envelope>`;
}

describe('parseEcbDailyXml', () => {
  it('reads the fixture to exactly the numbers of RATES_SNAPSHOT', () => {
    const parsed = parseEcbDailyXml(FIXTURE);
    expect(parsed).toEqual({ date: RATES_SNAPSHOT.date, per_euro: RATES_SNAPSHOT.per_euro });
    expect(Object.keys(parsed.per_euro)).toHaveLength(29);
    expect(parsed.per_euro.USD).toBe(1.1225);
    expect(parsed.per_euro.IDR).toBe(20149.32);
  });

  it('reads a single currency and double-quoted attributes', () => {
    expect(
      parseEcbDailyXml(
        daily('<Cube time="2026-10-02"><Cube currency="USD" rate="1.1225"/></Cube>'),
      ),
    ).toEqual({
      date: '2026-10-02',
      per_euro: { USD: 1.1225 },
    });
  });

  it('rejects broken XML', () => {
    expect(() => parseEcbDailyXml(FIXTURE.slice(0, 600))).toThrow(/not well-formed XML/);
    expect(() => parseEcbDailyXml('')).toThrow(/not well-formed XML/);
    expect(() => parseEcbDailyXml('<html>maintenance</html>')).toThrow(/gesmes:Envelope/);
  });

  it('rejects a file without a date', () => {
    expect(() => parseEcbDailyXml(FIXTURE.replace(" time='2026-10-02'", ''))).toThrow(
      /no time attribute/,
    );
    expect(() => parseEcbDailyXml(FIXTURE.replace('2026-10-02', 'yesterday'))).toThrow(
      /"yesterday" is not a YYYY-MM-DD date/,
    );
    expect(() => parseEcbDailyXml(FIXTURE.replace('2026-10-02', '2026-02-30'))).toThrow(
      /not a YYYY-MM-DD date/,
    );
  });

  it('rejects a file without rates', () => {
    expect(() => parseEcbDailyXml(daily("<Cube time='2026-10-02'></Cube>"))).toThrow(
      /no rates for 2026-10-02/,
    );
    expect(() => parseEcbDailyXml(daily(''))).toThrow(/unknown structure/);
  });

  it('rejects bad rates', () => {
    const usd = "rate='1.1225'";
    expect(() => parseEcbDailyXml(FIXTURE.replace(usd, "rate='abc'"))).toThrow(
      /USD rate "abc" is not a number/,
    );
    expect(() => parseEcbDailyXml(FIXTURE.replace(usd, "rate='0'"))).toThrow(
      /USD rate 0 is not positive/,
    );
    expect(() => parseEcbDailyXml(FIXTURE.replace(usd, "rate='-1.1225'"))).toThrow(
      /USD rate -1.1225 is not positive/,
    );
    expect(() => parseEcbDailyXml(FIXTURE.replace(usd, "rate='1,1225'"))).toThrow(/not a number/);
    expect(() => parseEcbDailyXml(FIXTURE.replace(usd, "rate='1e3'"))).toThrow(/plain decimal/);
    expect(() => parseEcbDailyXml(FIXTURE.replace(usd, ''))).toThrow(/USD has no rate/);
  });

  it('rejects odd currencies and repeated ones', () => {
    expect(() => parseEcbDailyXml(FIXTURE.replace("'USD'", "'usd'"))).toThrow(
      /"usd" is not a currency code/,
    );
    expect(() => parseEcbDailyXml(FIXTURE.replace("'JPY'", "'USD'"))).toThrow(/USD appears twice/);
    expect(() => parseEcbDailyXml(FIXTURE.replace("'USD'", "'EUR'"))).toThrow(/EUR cannot/);
  });

  it('rejects a history file with several days', () => {
    const twoDays = daily(
      "<Cube time='2026-10-02'><Cube currency='USD' rate='1.1225'/></Cube>" +
        "<Cube time='2026-10-01'><Cube currency='USD' rate='1.1700'/></Cube>",
    );
    expect(() => parseEcbDailyXml(twoDays)).toThrow(/expected one day, found 2/);
  });
});

describe('globalRatesFromPerEuro', () => {
  it('gives the value of one unit in EUR, with EUR at 1', () => {
    const rates = globalRatesFromPerEuro(RATES_SNAPSHOT.per_euro);
    expect(rates.size).toBe(30);
    expect(rates.get('EUR')).toBe(1);
    expect(rates.get('USD')).toBeCloseTo(1 / 1.1225, 15);
    expect(rates.get('JPY')).toBeCloseTo(0.00565003672524, 12);
    // Back to units per euro without drift worth a cent.
    expect(1 / (rates.get('GBP') ?? 0)).toBeCloseTo(0.85033, 12);
  });

  it('refuses rates that cannot be inverted', () => {
    expect(() => globalRatesFromPerEuro({ USD: 0 })).toThrow(/USD rate 0/);
    expect(() => globalRatesFromPerEuro({ USD: Number.NaN })).toThrow(/not a positive number/);
    expect(() => globalRatesFromPerEuro({ EUR: 2 })).toThrow(/EUR must be 1/);
    expect(globalRatesFromPerEuro({ EUR: 1 })).toEqual(new Map([['EUR', 1]]));
  });
});

describe('fetchEcbRates against a local stub server', () => {
  const closers: (() => Promise<void>)[] = [];

  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  /** Starts an HTTP server on 127.0.0.1 with a free port; it is closed after the test. */
  async function serve(handler: RequestListener): Promise<string> {
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    const { port } = server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/stats/eurofxref/eurofxref-daily.xml`;
  }

  it('downloads and parses the daily file', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/xml' });
      response.end(FIXTURE);
    });
    await expect(fetchEcbRates(url)).resolves.toEqual([
      { date: RATES_SNAPSHOT.date, per_euro: RATES_SNAPSHOT.per_euro },
    ]);
  });

  it('names the status of a failed answer', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('boom');
    });
    await expect(fetchEcbRates(url)).rejects.toThrow(/HTTP 500 Internal Server Error/);
  });

  it('gives up on a server that never answers', async () => {
    const url = await serve(() => {
      // Keep the request open forever.
    });
    const started = Date.now();
    await expect(fetchEcbRates(url, { timeoutMs: 200 })).rejects.toThrow(
      /did not answer within 200 ms/,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('gives up on a body that stalls half-way', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/xml' });
      response.write(FIXTURE.slice(0, 200));
    });
    await expect(fetchEcbRates(url, { timeoutMs: 300 })).rejects.toThrow(/did not answer within/);
  });

  it('refuses a body over 32 MB, declared or streamed', async () => {
    const big = 'x'.repeat(ECB_MAX_BODY_BYTES + 1);
    const declared = await serve((_request, response) => {
      response.writeHead(200, { 'content-length': String(big.length) });
      response.end(big);
    });
    await expect(fetchEcbRates(declared)).rejects.toThrow(/larger than 33554432 bytes/);
    const chunked = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/xml' });
      for (let sent = 0; sent <= ECB_MAX_BODY_BYTES; sent += 64 * 1024) {
        response.write('x'.repeat(64 * 1024));
      }
      response.end();
    });
    await expect(fetchEcbRates(chunked)).rejects.toThrow(/larger than 33554432 bytes/);
  });

  it('reports an answer that is not the ECB file', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>captive portal</body></html>');
    });
    await expect(fetchEcbRates(url)).rejects.toThrow(/gesmes:Envelope/);
  });

  it('reports a server that is not there', async () => {
    const url = await serve(() => {});
    await Promise.all(closers.splice(0).map((close) => close()));
    await expect(fetchEcbRates(url)).rejects.toThrow(/could not fetch/);
  });

  it('uses the given fetch implementation', async () => {
    const seen: string[] = [];
    const fetchImpl: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response(FIXTURE, { status: 200 });
    };
    const rates = await fetchEcbRates('https://ecb.example/daily.xml', { fetchImpl });
    expect(rates[0]?.date).toBe('2026-10-02');
    expect(seen).toEqual(['https://ecb.example/daily.xml']);
  });
});
