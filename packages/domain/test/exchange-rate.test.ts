import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultExchangeRate, parseExchangeRate } from '../src/index';

describe('parseExchangeRate', () => {
  it.each([
    ['0.92', 'en', 0.92],
    ['0,92', 'en', 0.92],
    ['0,92', 'de', 0.92],
    ['1.234,5', 'de', 1234.5],
    ['0.0000353', 'en', 0.0000353],
    [' 25 ', 'fr', 25],
  ])('reads %s in %s as %s', (input, locale, expected) => {
    expect(parseExchangeRate(input, locale)).toBe(expected);
  });

  it.each(['', 'abc', '0', '-1', '0.000000001', '1e3', 'NaN'])('refuses %j', (input) => {
    expect(parseExchangeRate(input)).toBeNull();
  });

  it('reads back any rate of up to 8 decimals written with a dot or a comma', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000_000_000 }),
        fc.boolean(),
        (scaled, comma) => {
          const rate = scaled / 1e8;
          const text = rate.toFixed(8);
          expect(parseExchangeRate(comma ? text.replace('.', ',') : text, 'en')).toBe(rate);
        },
      ),
    );
  });
});

describe('defaultExchangeRate', () => {
  it('divides the source rate by the target rate: 1 USD at 0.86 EUR in a GBP event at 1.15', () => {
    expect(defaultExchangeRate({ rate: 0.86 }, { rate: 1.15 })).toBe(0.74782609);
  });

  it('is null when a rate is unknown', () => {
    expect(defaultExchangeRate({ rate: null }, { rate: 1 })).toBeNull();
    expect(defaultExchangeRate({ rate: 1 }, undefined)).toBeNull();
  });

  it('is positive, finite and about the reciprocal of the rate the other way', () => {
    const rate = fc.double({ min: 1e-6, max: 1e6, noNaN: true });
    fc.assert(
      fc.property(rate, rate, (a, b) => {
        const there = defaultExchangeRate({ rate: a }, { rate: b });
        const back = defaultExchangeRate({ rate: b }, { rate: a });
        expect(there).not.toBeNull();
        expect(there).toBeGreaterThan(0);
        expect(Math.abs((there ?? 0) * (back ?? 0) - 1)).toBeLessThan(1e-7);
      }),
    );
  });
});
