import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluateAmountSum,
  formatAmountInput,
  isAmountSum,
  parseAmount,
  parseAmountOrSum,
} from '../src/index';

describe('isAmountSum', () => {
  it('tells a sum from one amount, a leading minus being a sign', () => {
    expect(isAmountSum('12.50+3.20*2')).toBe(true);
    expect(isAmountSum('(12 + 3) / 2')).toBe(true);
    expect(isAmountSum('10 x 3')).toBe(true);
    expect(isAmountSum('12.50')).toBe(false);
    expect(isAmountSum('-12.50')).toBe(false);
    expect(isAmountSum(' −5 ')).toBe(false);
    expect(isAmountSum('1 234,56')).toBe(false);
  });
});

describe('evaluateAmountSum', () => {
  it('works out the four operations with the usual precedence and brackets', () => {
    expect(evaluateAmountSum('12.50+3.20*2', 2)).toBe(1890);
    expect(evaluateAmountSum('(12.50+3.20)*2', 2)).toBe(3140);
    expect(evaluateAmountSum('100 - 20 - 30', 2)).toBe(5000);
    expect(evaluateAmountSum('90 / 3', 2)).toBe(3000);
    expect(evaluateAmountSum('2 × 4,5', 2)).toBe(900);
    expect(evaluateAmountSum('9 ÷ 2', 2)).toBe(450);
    expect(evaluateAmountSum('3x4', 2)).toBe(1200);
    expect(evaluateAmountSum('-(5 + 5) + 30', 2)).toBe(2000);
  });

  it('reads numbers as one amount would, in the locale', () => {
    expect(evaluateAmountSum('12,50+3,20*2', 2, 'de')).toBe(1890);
    expect(evaluateAmountSum('1.234,50 + 0,50', 2, 'de')).toBe(123500);
    expect(evaluateAmountSum('1,234.50 + 0.50', 2, 'en')).toBe(123500);
    // A currency without decimals: "1.000" is a thousand dong.
    expect(evaluateAmountSum('1.000 + 500', 0, 'vi')).toBe(1500);
    expect(evaluateAmountSum('1000 * 1.5', 0)).toBe(1500);
  });

  it('is exact until the end, then rounds once, half away from zero', () => {
    expect(evaluateAmountSum('10/3', 2)).toBe(333);
    expect(evaluateAmountSum('20/3', 2)).toBe(667);
    expect(evaluateAmountSum('10/3*3', 2)).toBe(1000);
    expect(evaluateAmountSum('0.1+0.2', 2)).toBe(30);
    expect(evaluateAmountSum('0.125 * 1', 2)).toBe(13);
    expect(evaluateAmountSum('-0.125 * 1', 2)).toBe(-13);
    expect(evaluateAmountSum('100 * 1.0825', 2)).toBe(10825);
    expect(evaluateAmountSum('1/3', 3)).toBe(333);
  });

  it('refuses what is not a sum it reads', () => {
    for (const text of [
      '',
      '12+',
      '*3',
      '(1+2',
      '1+2)',
      '5/0',
      '5/(2-2)',
      '2**3',
      '12 EUR + 3',
      'alert(1)',
      '1e3+1',
      '9007199254740993 * 10',
      `${'('.repeat(11)}1${')'.repeat(11)}`,
      `1${'+1'.repeat(100)}`,
    ]) {
      expect(evaluateAmountSum(text, 2), text).toBeNull();
    }
    expect(evaluateAmountSum(`${'('.repeat(10)}1${')'.repeat(10)}`, 2)).toBe(100);
  });
});

describe('parseAmountOrSum', () => {
  const amount = fc.integer({ min: -1_000_000_00, max: 1_000_000_00 });
  const locale = fc.constantFrom('en', 'de', 'fr', 'zh', 'ar', 'pt-BR');

  it('reads one amount exactly as parseAmount does', () => {
    fc.assert(
      fc.property(amount, locale, (minor, language) => {
        const text = formatAmountInput(minor, 2, language);
        expect(parseAmountOrSum(text, 2, language)).toBe(parseAmount(text, 2, language));
      }),
    );
  });

  it('adds, subtracts and multiplies amounts exactly as integers of minor units do', () => {
    fc.assert(
      fc.property(amount, amount, fc.integer({ min: 0, max: 50 }), locale, (a, b, k, language) => {
        const write = (minor: number) => `(${formatAmountInput(minor, 2, language)})`;
        expect(parseAmountOrSum(`${write(a)} + ${write(b)}`, 2, language)).toBe(a + b);
        expect(parseAmountOrSum(`${write(a)} - ${write(b)}`, 2, language)).toBe(a - b);
        expect(parseAmountOrSum(`${write(a)} * ${k}`, 2, language)).toBe(a * k + 0);
      }),
    );
  });

  it('divides and rounds half away from zero', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 1, max: 12 }), (a, k) => {
        const expected = Math.sign(a) * Math.round(Math.abs(a) / k);
        expect(parseAmountOrSum(`(${formatAmountInput(a, 2, 'en')}) / ${k}`, 2, 'en')).toBe(
          expected === 0 ? 0 : expected,
        );
      }),
    );
  });
});
