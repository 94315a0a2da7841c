import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertMinorUnits, roundHalfAwayFromZero, toMajorString } from '../src/index';

describe('assertMinorUnits', () => {
  it('returns a safe integer unchanged', () => {
    expect(assertMinorUnits(-12345)).toBe(-12345);
    expect(assertMinorUnits(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses fractions, unsafe sizes and non-numbers with a RangeError naming the value', () => {
    expect(() => assertMinorUnits(1.5, 'paid')).toThrow(/paid/);
    expect(() => assertMinorUnits(2 ** 53)).toThrow(RangeError);
    expect(() => assertMinorUnits(Number.NaN)).toThrow(RangeError);
    expect(() => assertMinorUnits(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('roundHalfAwayFromZero', () => {
  it('rounds halves away from zero on both sides', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(2.4999)).toBe(2);
    expect(roundHalfAwayFromZero(-0.5)).toBe(-1);
  });

  it('rounds the decimal a float stands for, not its binary noise', () => {
    // 1.005 × 100 is 100.49999999999999 in binary.
    expect(roundHalfAwayFromZero(1.005 * 100)).toBe(101);
    expect(roundHalfAwayFromZero(-1.005 * 100)).toBe(-101);
  });

  it('never answers negative zero', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.4), 0)).toBe(true);
    expect(Object.is(roundHalfAwayFromZero(-0), 0)).toBe(true);
  });

  it('agrees with always stripping the noise first, wherever the value lies', () => {
    const reference = (value: number): number => {
      const clean = Number(value.toPrecision(15));
      const rounded = Math.round(Math.abs(clean));
      return (clean < 0 ? -rounded : rounded) + 0;
    };
    const nearHalves = fc
      .tuple(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: -3, max: 3 }))
      .map(([whole, nudge]) => (whole + 0.5) * (1 + nudge * Number.EPSILON));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -1e14, max: 1e14, noNaN: true }),
          nearHalves,
          fc.integer().map((n) => n / 1000),
        ),
        (value) => {
          expect(roundHalfAwayFromZero(value)).toBe(reference(value));
        },
      ),
    );
  });

  it('keeps every whole unit of amounts too large for noise stripping', () => {
    expect(roundHalfAwayFromZero(1234567890123456)).toBe(1234567890123456);
  });
});

describe('toMajorString', () => {
  it('writes minor units as an exact decimal in major units', () => {
    expect(toMajorString(12345, 2)).toBe('123.45');
    expect(toMajorString(-5, 2)).toBe('-0.05');
    expect(toMajorString(1000, 0)).toBe('1000');
    expect(toMajorString(1234, 3)).toBe('1.234');
    expect(toMajorString(0, 2)).toBe('0.00');
    expect(toMajorString(Number.MAX_SAFE_INTEGER, 2)).toBe('90071992547409.91');
  });

  it('refuses fractional minor units and impossible digit counts', () => {
    expect(() => toMajorString(1.5, 2)).toThrow(RangeError);
    expect(() => toMajorString(1, -1)).toThrow(RangeError);
    expect(() => toMajorString(1, 21)).toThrow(RangeError);
  });
});
