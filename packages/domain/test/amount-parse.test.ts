import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PARSE_AMOUNT_ERROR, parseAmount, toMajorString } from '../src/index';

const NBSP = '\u00A0';
const NNBSP = '\u202F';

describe('parseAmount', () => {
  it('reads plain amounts into minor units', () => {
    expect(parseAmount('12', 2)).toBe(1200);
    expect(parseAmount('12.5', 2)).toBe(1250);
    expect(parseAmount('  0.05 ', 2)).toBe(5);
    expect(parseAmount('.5', 2)).toBe(50);
    expect(parseAmount('12.', 2)).toBe(1200);
  });

  it('accepts a comma as decimal separator in every locale', () => {
    expect(parseAmount('12,50', 2, 'en')).toBe(1250);
    expect(parseAmount('12,5', 2, 'en')).toBe(1250);
    expect(parseAmount('12,50', 2, 'zh')).toBe(1250);
    expect(parseAmount('12,50', 2, 'de')).toBe(1250);
  });

  it('takes the last of comma and dot as the decimal separator when both appear', () => {
    expect(parseAmount('1.234,56', 2, 'de')).toBe(123456);
    expect(parseAmount('1.234,56', 2, 'en')).toBe(123456);
    expect(parseAmount('1,234.56', 2, 'en')).toBe(123456);
    expect(parseAmount('1,234,567.89', 2, 'zh')).toBe(123456789);
    expect(parseAmount('1.234.567,89', 2, 'es')).toBe(123456789);
  });

  it('reads a repeated separator as grouping', () => {
    expect(parseAmount('1.234.567', 2, 'it')).toBe(123456700);
    expect(parseAmount('1,234,567', 2, 'en')).toBe(123456700);
  });

  it('reads a separator after a leading zero as decimal, since grouped numbers never start with 0', () => {
    expect(parseAmount('0,500', 2, 'en')).toBe(50);
    expect(parseAmount('0.500', 2, 'de')).toBe(50);
    expect(parseAmount('0,500', 0, 'vi')).toBeNull();
  });

  it('reads a lone separator before three digits as grouping unless it is the locale decimal', () => {
    expect(parseAmount('1,234', 2, 'en')).toBe(123400);
    expect(parseAmount('1.234', 2, 'de')).toBe(123400);
    expect(parseAmount('12.50', 2, 'de')).toBe(1250);
    expect(parseAmount('1.234', 3, 'en')).toBe(1234);
    expect(parseAmount('1,234', 3, 'it')).toBe(1234);
  });

  it('accepts spaces, no-break spaces and apostrophes between digits as grouping', () => {
    expect(parseAmount('1 234,56', 2, 'fr')).toBe(123456);
    expect(parseAmount(`1${NNBSP}234,56`, 2, 'fr')).toBe(123456);
    expect(parseAmount(`1${NBSP}234${NBSP}567,5`, 2, 'fr')).toBe(123456750);
    expect(parseAmount("1'234.50", 2, 'de-CH')).toBe(123450);
    expect(parseAmount('1’234.50', 2, 'de-CH')).toBe(123450);
    expect(parseAmount('1 234.56', 2, 'en')).toBe(123456);
  });

  it('reads VND and JPY thousands with a dot or comma as whole units', () => {
    expect(parseAmount('1.000', 0, 'vi')).toBe(1000);
    expect(parseAmount('1.000.000', 0, 'vi')).toBe(1000000);
    expect(parseAmount('1,000', 0, 'vi')).toBe(1000);
    expect(parseAmount('1,000', 0, 'ja')).toBe(1000);
    expect(parseAmount('500', 0, 'ja')).toBe(500);
  });

  it('reads three-decimal currencies such as KWD', () => {
    expect(parseAmount('1.5', 3, 'en')).toBe(1500);
    expect(parseAmount('12,345', 3, 'de')).toBe(12345);
    expect(parseAmount('0.001', 3, 'en')).toBe(1);
    expect(parseAmount('0,001', 3, 'en')).toBe(1);
  });

  it('allows extra fraction digits only when they are zeros', () => {
    expect(parseAmount('12.500', 2, 'en')).toBe(1250);
    expect(parseAmount('12,500', 2, 'de')).toBe(1250);
    expect(parseAmount('1.00', 0, 'en')).toBe(1);
    expect(parseAmount('12.501', 2, 'en')).toBeNull();
    expect(parseAmount('1.5', 0, 'en')).toBeNull();
  });

  it('reads a leading minus or minus sign as negative and never answers negative zero', () => {
    expect(parseAmount('-12,50', 2)).toBe(-1250);
    expect(parseAmount('−12.50', 2)).toBe(-1250);
    expect(Object.is(parseAmount('-0', 2), 0)).toBe(true);
    expect(Object.is(parseAmount('-0,00', 2), 0)).toBe(true);
  });

  it('rejects anything that is not an amount', () => {
    for (const input of [
      '',
      '   ',
      '-',
      '−',
      ',',
      '.',
      'abc',
      '12a',
      '€12',
      '12 €',
      'Infinity',
      'NaN',
      '1e5',
      '0x10',
      '+-1',
      '--1',
      '1.2.3,4,5',
      '1,234.56,7',
      '1,,234',
      '1..5',
      '1 ,5',
      '1, 234',
      ' 1 234 .5',
      '1,5 0',
      "'1",
    ]) {
      expect(parseAmount(input, 2), JSON.stringify(input)).toBeNull();
    }
  });

  it('rejects amounts beyond the safe integer range', () => {
    expect(parseAmount('90071992547409.91', 2)).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseAmount('90071992547409.92', 2)).toBeNull();
    expect(parseAmount('1000000000000000000000', 0)).toBeNull();
  });

  it('names the spec message for rejected input', () => {
    expect(PARSE_AMOUNT_ERROR).toBe('Please enter a valid number');
  });

  it('reads back every amount written in major units with a dot', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e11, max: 1e11 }),
        fc.constantFrom(0, 2, 3),
        (minor, decimals) => {
          expect(parseAmount(toMajorString(minor, decimals), decimals, 'en')).toBe(minor);
        },
      ),
    );
  });

  it('reads back every amount formatted by Intl in its own locale', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e11, max: 1e11 }),
        fc.constantFrom('en', 'de', 'fr', 'es', 'it', 'zh', 'vi', 'de-CH'),
        fc.constantFrom(0, 2, 3),
        (minor, locale, decimals) => {
          const text = new Intl.NumberFormat(locale, {
            minimumFractionDigits: decimals,
            maximumFractionDigits: decimals,
          }).format(minor / 10 ** decimals);
          expect(parseAmount(text, decimals, locale)).toBe(minor);
        },
      ),
    );
  });
});
