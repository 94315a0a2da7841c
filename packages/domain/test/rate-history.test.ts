import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildRateTable,
  convertAtRate,
  convertTotal,
  derivedRate,
  ecbRateOn,
  perEuroOn,
  type RateDay,
} from '../src/index';

/** Days copied from the ECB's eurofxref-hist.csv (N/A left out), oldest first. */
const DAYS: RateDay[] = [
  { date: '1999-01-04', per_euro: { USD: 1.1789, JPY: 133.73, GBP: 0.7111 } },
  { date: '1999-01-05', per_euro: { USD: 1.179, JPY: 130.96, GBP: 0.7122 } },
  { date: '2005-06-30', per_euro: { USD: 1.2092, GBP: 0.6742, RUB: 34.637 } },
  { date: '2005-07-01', per_euro: { USD: 1.2087, GBP: 0.679, RON: 3.603, RUB: 34.63 } },
  { date: '2005-07-04', per_euro: { USD: 1.1894, GBP: 0.67645, RON: 3.6009, RUB: 34.279 } },
  { date: '2022-02-28', per_euro: { USD: 1.1199, RON: 4.9484, RUB: 115.4842 } },
  { date: '2022-03-01', per_euro: { USD: 1.1162, RON: 4.949, RUB: 117.201 } },
  { date: '2022-03-02', per_euro: { USD: 1.1106, RON: 4.9493 } },
  { date: '2024-03-14', per_euro: { USD: 1.0925, GBP: 0.8542 } },
  { date: '2024-03-15', per_euro: { USD: 1.0892, GBP: 0.8541 } },
  { date: '2024-03-18', per_euro: { USD: 1.0892, GBP: 0.85525 } },
  { date: '2024-03-28', per_euro: { USD: 1.0811, GBP: 0.8551 } },
  { date: '2024-04-02', per_euro: { USD: 1.0749, GBP: 0.8551 } },
];

describe('perEuroOn', () => {
  it('takes the day itself when the ECB published that day', () => {
    expect(perEuroOn(DAYS, 'USD', '2024-03-15')).toEqual({ value: 1.0892, date: '2024-03-15' });
  });

  it('takes the Friday for a weekend', () => {
    expect(perEuroOn(DAYS, 'USD', '2024-03-17')).toEqual({ value: 1.0892, date: '2024-03-15' });
  });

  it('takes the last working day before Good Friday and Easter Monday (TARGET holidays)', () => {
    expect(perEuroOn(DAYS, 'USD', '2024-03-29')?.date).toBe('2024-03-28');
    expect(perEuroOn(DAYS, 'USD', '2024-04-01')?.date).toBe('2024-03-28');
  });

  it('has nothing before the first published day, 1999-01-04', () => {
    expect(perEuroOn(DAYS, 'USD', '1998-12-31')).toBeNull();
    expect(perEuroOn(DAYS, 'EUR', '1998-12-31')).toBeNull();
  });

  it('has nothing for a currency before the ECB began quoting it (RON from 2005-07-01)', () => {
    expect(perEuroOn(DAYS, 'RON', '2005-06-30')).toBeNull();
    expect(perEuroOn(DAYS, 'RON', '2005-07-02')).toEqual({ value: 3.603, date: '2005-07-01' });
  });

  it('takes the last quote of a dropped currency for a few days only (RUB after 2022-03-01)', () => {
    expect(perEuroOn(DAYS, 'RUB', '2022-03-02')).toEqual({ value: 117.201, date: '2022-03-01' });
    expect(perEuroOn(DAYS, 'RUB', '2022-03-20')).toBeNull();
  });

  it('counts EUR as 1 on the last published day', () => {
    expect(perEuroOn(DAYS, 'EUR', '2024-03-16')).toEqual({ value: 1, date: '2024-03-15' });
  });

  it('never returns a day after the one asked, nor one more than ten days before it', () => {
    const dateArb = fc
      .integer({ min: Date.UTC(1998, 0, 1), max: Date.UTC(2025, 0, 1) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        dateArb,
        fc.constantFrom('USD', 'GBP', 'RON', 'RUB', 'JPY', 'EUR'),
        (date, id) => {
          const found = perEuroOn(DAYS, id, date);
          if (found === null) return;
          expect(found.date <= date).toBe(true);
          expect(Date.parse(date) - Date.parse(found.date)).toBeLessThanOrEqual(10 * 86_400_000);
          const day = DAYS.find((candidate) => candidate.date === found.date);
          expect(id === 'EUR' ? 1 : day?.per_euro[id]).toBe(found.value);
        },
      ),
    );
  });
});

describe('ecbRateOn', () => {
  it('gives 1 USD in EUR on 2024-03-15 as 1 / 1.0892', () => {
    expect(ecbRateOn(DAYS, 'USD', 'EUR', '2024-03-15')).toEqual({
      value: 0.91810503,
      date: '2024-03-15',
    });
  });

  it('crosses two currencies through the euro: 1 USD in GBP = 0.8541 / 1.0892', () => {
    expect(ecbRateOn(DAYS, 'USD', 'GBP', '2024-03-15')?.value).toBe(0.78415351);
  });

  it('has no rate when one side has none', () => {
    expect(ecbRateOn(DAYS, 'JPY', 'GBP', '2024-03-15')).toBeNull();
  });
});

describe('convertAtRate and derivedRate', () => {
  it('converts 100.00 USD at 0.91810503 into 91.81 EUR, and 1,000 JPY into cents', () => {
    expect(convertAtRate(10_000, 0.91810503, 2, 2)).toBe(9181);
    expect(convertAtRate(1000, 0.0061716, 0, 2)).toBe(617);
  });

  it('derives the rate of a charge, fees included: 100.00 USD charged 93.40 EUR', () => {
    expect(derivedRate(10_000, 2, 9340, 2)).toBeCloseTo(0.934, 12);
    expect(derivedRate(0, 2, 9340, 2)).toBeNull();
    expect(derivedRate(-100, 2, 90, 2)).toBeNull();
  });

  it('gives the charged amount back exactly when converting at the derived rate', () => {
    const decimalsArb = fc.constantFrom(0, 2, 3);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.boolean(),
        decimalsArb,
        decimalsArb,
        (amount, charged, refund, from, to) => {
          const sign = refund ? -1 : 1;
          const rate = derivedRate(sign * amount, from, sign * charged, to);
          expect(rate).not.toBeNull();
          expect(convertAtRate(sign * amount, rate as number, from, to)).toBe(sign * charged);
        },
      ),
    );
  });
});

describe("convertTotal with the expense's own rate", () => {
  const currencies = [
    { id: 'EUR', decimals: 2, rate: 1 },
    { id: 'USD', decimals: 2, rate: 0.8 },
  ];
  const base = {
    id: 'e1',
    amount: 10_000,
    currency_id: 'USD',
    payer: [{ user_id: 'a', amount: 10_000 }],
    participant: [{ user_id: 'a', amount: 10_000 }],
  };
  const ecb = { value: 0.91810503, currency_id: 'EUR', date: '2024-03-15', source: 'ecb' as const };

  it("uses the rate of the expense's date rather than today's", () => {
    const table = buildRateTable('EUR', [], currencies);
    expect(convertTotal({ ...base, rate: ecb }, table).amount).toBe(9181);
    expect(convertTotal(base, table).amount).toBe(8000);
  });

  it("lets the event's own rate win over the ECB's, and the person's over both", () => {
    const table = buildRateTable('EUR', [{ currency_id: 'USD', exchange_rate: 0.9 }], currencies);
    expect(convertTotal({ ...base, rate: ecb }, table).amount).toBe(9000);
    const manual = { ...ecb, source: 'manual' as const, value: 0.95 };
    expect(convertTotal({ ...base, rate: manual }, table).amount).toBe(9500);
  });

  it('takes the charged amount exactly, whatever the rates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), (charged) => {
        const rate = { ...ecb, source: 'charged' as const, charged_amount: charged };
        const table = buildRateTable('EUR', [], currencies);
        expect(convertTotal({ ...base, rate }, table).amount).toBe(charged);
      }),
    );
  });

  it('ignores a rate into another currency than the event’s (the event currency changed)', () => {
    const table = buildRateTable('EUR', [], currencies);
    expect(convertTotal({ ...base, rate: { ...ecb, currency_id: 'GBP' } }, table).amount).toBe(
      8000,
    );
  });
});
