import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatAmountInput, parseAmount } from '../src/index';

const NBSP = '\u00A0';
const NNBSP = '\u202F';
const EUR = { id: 'EUR', decimals: 2 };
const VND = { id: 'VND', decimals: 0 };
const USD = { id: 'USD', decimals: 2 };

/**
 * The seven languages the app speaks, each with what a reader of it expects to see and type.
 * Spanish and Italian group only from five digits on (1234,56 but 1.234.567,89); Italian writes
 * the dong by its code.
 */
const LOCALES = [
  {
    locale: 'en',
    eur: '€1,234.56',
    negative: '-€1,234.56',
    large: '€1,234,567.89',
    vnd: '₫1,234,000',
    usd: '$0.05',
    typed: '1234.56',
    grouped: '1,234.56',
  },
  {
    locale: 'de',
    eur: `1.234,56${NBSP}€`,
    negative: `-1.234,56${NBSP}€`,
    large: `1.234.567,89${NBSP}€`,
    vnd: `1.234.000${NBSP}₫`,
    usd: `0,05${NBSP}$`,
    typed: '1234,56',
    grouped: '1.234,56',
  },
  {
    locale: 'fr',
    eur: `1${NNBSP}234,56${NBSP}€`,
    negative: `-1${NNBSP}234,56${NBSP}€`,
    large: `1${NNBSP}234${NNBSP}567,89${NBSP}€`,
    vnd: `1${NNBSP}234${NNBSP}000${NBSP}₫`,
    usd: `0,05${NBSP}$US`,
    typed: '1234,56',
    grouped: '1 234,56',
  },
  {
    locale: 'es',
    eur: `1234,56${NBSP}€`,
    negative: `-1234,56${NBSP}€`,
    large: `1.234.567,89${NBSP}€`,
    vnd: `1.234.000${NBSP}₫`,
    usd: `0,05${NBSP}US$`,
    typed: '1234,56',
    grouped: '1.234,56',
  },
  {
    locale: 'it',
    eur: `1234,56${NBSP}€`,
    negative: `-1234,56${NBSP}€`,
    large: `1.234.567,89${NBSP}€`,
    vnd: `1.234.000${NBSP}VND`,
    usd: `0,05${NBSP}USD`,
    typed: '1234,56',
    grouped: '1.234,56',
  },
  {
    locale: 'zh',
    eur: '€1,234.56',
    negative: '-€1,234.56',
    large: '€1,234,567.89',
    vnd: '₫1,234,000',
    usd: 'US$0.05',
    typed: '1234.56',
    grouped: '1,234.56',
  },
  {
    locale: 'vi',
    eur: `1.234,56${NBSP}€`,
    negative: `-1.234,56${NBSP}€`,
    large: `1.234.567,89${NBSP}€`,
    vnd: `1.234.000${NBSP}₫`,
    usd: `0,05${NBSP}US$`,
    typed: '1234,56',
    grouped: '1.234,56',
  },
] as const;

const LOCALE_CODES = LOCALES.map((row) => row.locale);

/** What a person copying a shown amount keeps: the number, without the currency. */
function withoutCurrency(shown: string): string {
  return shown.replace(/[^0-9.,\s'’-]/g, '').trim();
}

describe.each(LOCALES)('amounts in $locale', (row) => {
  it('shows euros as a reader of the language writes them', () => {
    expect(formatAmount(123456, EUR, row.locale)).toBe(row.eur);
    expect(formatAmount(-123456, EUR, row.locale)).toBe(row.negative);
    expect(formatAmount(123456789, EUR, row.locale)).toBe(row.large);
  });

  it('shows dong without decimals and dollars with the local symbol', () => {
    expect(formatAmount(1234000, VND, row.locale)).toBe(row.vnd);
    expect(formatAmount(5, USD, row.locale)).toBe(row.usd);
  });

  it('puts the amount in a field with the locale’s decimal separator and no grouping', () => {
    expect(formatAmountInput(123456, 2, row.locale)).toBe(row.typed);
    expect(formatAmountInput(1234000, 0, row.locale)).toBe('1234000');
  });

  it('reads typed amounts with the locale’s separators, and a comma or a dot as decimal', () => {
    expect(parseAmount(row.typed, 2, row.locale)).toBe(123456);
    expect(parseAmount(row.grouped, 2, row.locale)).toBe(123456);
    expect(parseAmount('12,50', 2, row.locale)).toBe(1250);
    expect(parseAmount('12.50', 2, row.locale)).toBe(1250);
    expect(parseAmount('1.234.000', 0, row.locale)).toBe(1234000);
  });

  it('reads back the amount it shows, once the currency is taken off', () => {
    expect(parseAmount(withoutCurrency(row.eur), 2, row.locale)).toBe(123456);
    expect(parseAmount(withoutCurrency(row.negative), 2, row.locale)).toBe(-123456);
    expect(parseAmount(withoutCurrency(row.large), 2, row.locale)).toBe(123456789);
    expect(parseAmount(withoutCurrency(row.vnd), 0, row.locale)).toBe(1234000);
  });
});

describe('amounts in every language, for any amount', () => {
  const currencyArb = fc.constantFrom(EUR, VND, USD, { id: 'KWD', decimals: 3 });
  const minorArb = fc.integer({ min: -1e12, max: 1e12 });

  it('reads back what the amount field is filled with', () => {
    fc.assert(
      fc.property(minorArb, currencyArb, fc.constantFrom(...LOCALE_CODES), (minor, cur, locale) => {
        const text = formatAmountInput(minor, cur.decimals, locale);
        expect(parseAmount(text, cur.decimals, locale)).toBe(minor);
      }),
    );
  });

  it('reads back every shown amount, once the currency is taken off', () => {
    fc.assert(
      fc.property(minorArb, currencyArb, fc.constantFrom(...LOCALE_CODES), (minor, cur, locale) => {
        const shown = formatAmount(minor, cur, locale);
        expect(parseAmount(withoutCurrency(shown), cur.decimals, locale)).toBe(minor);
      }),
    );
  });
});
