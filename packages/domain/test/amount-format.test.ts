import { describe, expect, it } from 'vitest';
import { formatAmount } from '../src/index';

const EUR = { id: 'EUR', decimals: 2 };
const NNBSP = '\u202F';
const NBSP = '\u00A0';

describe('formatAmount', () => {
  it('formats euros the German way', () => {
    expect(formatAmount(123456, EUR, 'de')).toBe(`1.234,56${NBSP}€`);
    expect(formatAmount(-5, EUR, 'de')).toBe(`-0,05${NBSP}€`);
  });

  it('formats euros the French way, with narrow no-break spaces', () => {
    expect(formatAmount(123456, EUR, 'fr')).toBe(`1${NNBSP}234,56${NBSP}€`);
  });

  it('formats dollars and euros in English', () => {
    expect(formatAmount(123456, { id: 'USD', decimals: 2 }, 'en')).toBe('$1,234.56');
    expect(formatAmount(123456, EUR, 'en')).toBe('€1,234.56');
  });

  it('shows VND and JPY without decimals and KWD with three', () => {
    expect(formatAmount(1234000, { id: 'VND', decimals: 0 }, 'vi')).toBe(`1.234.000${NBSP}₫`);
    expect(formatAmount(1000, { id: 'JPY', decimals: 0 }, 'en')).toBe('¥1,000');
    expect(formatAmount(1234, { id: 'KWD', decimals: 3 }, 'en')).toBe(`KWD${NBSP}1.234`);
  });

  it('prints every digit of amounts beyond float precision', () => {
    expect(formatAmount(Number.MAX_SAFE_INTEGER, EUR, 'en')).toBe('€90,071,992,547,409.91');
  });

  it('falls back to the number and the code when Intl does not accept the code', () => {
    expect(formatAmount(123456, { id: 'EURO', decimals: 2 }, 'de')).toBe('1.234,56 EURO');
    expect(formatAmount(1000, { id: 'POINTS', decimals: 0 }, 'en')).toBe('1,000 POINTS');
  });

  it('refuses fractional minor units', () => {
    expect(() => formatAmount(1.5, EUR, 'en')).toThrow(RangeError);
  });
});
