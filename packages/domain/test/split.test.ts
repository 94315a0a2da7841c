import { describe, expect, it } from 'vitest';
import type { SplitResult } from '../src/index';
import { splitAmount } from '../src/index';

function people(...ids: string[]) {
  return ids.map((id) => ({ id }));
}

function sharesOf(result: SplitResult): Map<string, number> {
  if (!result.ok) throw new Error(result.error.message);
  return result.shares;
}

function sorted(shares: Map<string, number>): number[] {
  return [...shares.values()].sort((a, b) => a - b);
}

describe('splitAmount', () => {
  it('splits 95.00 evenly among three as 31.66, 31.67 and 31.67', () => {
    const shares = sharesOf(
      splitAmount({ amount: 9500, mode: 'evenly', people: people('a', 'b', 'c'), tieKey: 'x' }),
    );
    expect(sorted(shares)).toEqual([3166, 3167, 3167]);
  });

  it('splits 10.00 evenly among seven as six 1.43 and one 1.42', () => {
    const shares = sharesOf(
      splitAmount({
        amount: 1000,
        mode: 'evenly',
        people: people('a', 'b', 'c', 'd', 'e', 'f', 'g'),
        tieKey: 'dinner',
      }),
    );
    expect(sorted(shares)).toEqual([142, 143, 143, 143, 143, 143, 143]);
  });

  it('splits a refund of −95.00 evenly into negative shares that sum to −95.00', () => {
    const shares = sharesOf(
      splitAmount({ amount: -9500, mode: 'evenly', people: people('a', 'b', 'c'), tieKey: 'x' }),
    );
    expect(sorted(shares)).toEqual([-3167, -3167, -3166]);
  });

  it('ignores weights when splitting evenly', () => {
    const shares = sharesOf(
      splitAmount({
        amount: 100,
        mode: 'evenly',
        people: [
          { id: 'a', weight: 5 },
          { id: 'b', weight: 0 },
        ],
        tieKey: 'x',
      }),
    );
    expect(sorted(shares)).toEqual([50, 50]);
  });

  it('splits 1.00 by shares 1:2 as 0.33 and 0.67', () => {
    const shares = sharesOf(
      splitAmount({
        amount: 100,
        mode: 'shares',
        people: [
          { id: 'a', weight: 1 },
          { id: 'b', weight: 2 },
        ],
        tieKey: 'x',
      }),
    );
    expect(shares).toEqual(
      new Map([
        ['a', 33],
        ['b', 67],
      ]),
    );
  });

  it('accepts fractional shares and gives nothing to a zero share', () => {
    const shares = sharesOf(
      splitAmount({
        amount: 1000,
        mode: 'shares',
        people: [
          { id: 'a', weight: 1.5 },
          { id: 'b', weight: 0.5 },
          { id: 'c', weight: 0 },
        ],
        tieKey: 'x',
      }),
    );
    expect(shares).toEqual(
      new Map([
        ['a', 750],
        ['b', 250],
        ['c', 0],
      ]),
    );
  });

  it('splits 1.00 by 50/30/20 percent as 0.50, 0.30 and 0.20', () => {
    const shares = sharesOf(
      splitAmount({
        amount: 100,
        mode: 'percent',
        people: [
          { id: 'a', weight: 50 },
          { id: 'b', weight: 30 },
          { id: 'c', weight: 20 },
        ],
        tieKey: 'x',
      }),
    );
    expect(shares).toEqual(
      new Map([
        ['a', 50],
        ['b', 30],
        ['c', 20],
      ]),
    );
  });

  it('accepts percentages with decimals that add up to 100', () => {
    const shares = sharesOf(
      splitAmount({
        amount: 10000,
        mode: 'percent',
        people: [
          { id: 'a', weight: 33.33 },
          { id: 'b', weight: 33.33 },
          { id: 'c', weight: 33.34 },
        ],
        tieKey: 'x',
      }),
    );
    expect(shares).toEqual(
      new Map([
        ['a', 3333],
        ['b', 3333],
        ['c', 3334],
      ]),
    );
  });

  it('rejects percentages that do not add up to 100 and says what they add up to', () => {
    const result = splitAmount({
      amount: 100,
      mode: 'percent',
      people: [
        { id: 'a', weight: 50 },
        { id: 'b', weight: 30 },
      ],
      tieKey: 'x',
    });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'percent-total',
        message: 'The percentages must add up to 100 % (they add up to 80 %).',
      },
    });
  });

  it('takes exact amounts as they are when they add up to the total', () => {
    const shares = sharesOf(
      splitAmount({
        amount: 1000,
        mode: 'exact',
        people: [{ id: 'a', weight: 700 }, { id: 'b', weight: 300 }, { id: 'c' }],
        tieKey: 'x',
      }),
    );
    expect(shares).toEqual(
      new Map([
        ['a', 700],
        ['b', 300],
        ['c', 0],
      ]),
    );
  });

  it('rejects exact amounts that do not add up and says how much is left to assign', () => {
    const short = splitAmount({
      amount: 1000,
      mode: 'exact',
      people: [
        { id: 'a', weight: 600 },
        { id: 'b', weight: 250 },
      ],
      tieKey: 'x',
    });
    expect(short.ok).toBe(false);
    if (!short.ok) {
      expect(short.error.code).toBe('exact-total');
      expect(short.error.remaining).toBe(150);
      expect(short.error.message).toMatch(/150/);
    }
    const over = splitAmount({
      amount: 1000,
      mode: 'exact',
      people: [{ id: 'a', weight: 1200 }],
      tieKey: 'x',
    });
    expect(over.ok || over.error.remaining).toBe(-200);
  });

  it('rejects exact amounts with fractions or the wrong sign', () => {
    for (const weight of [10.5, -10]) {
      const result = splitAmount({
        amount: 100,
        mode: 'exact',
        people: [
          { id: 'a', weight },
          { id: 'b', weight: 100 - weight },
        ],
        tieKey: 'x',
      });
      expect(result.ok || result.error.code).toBe('invalid-weight');
    }
  });

  it('refuses a split among nobody', () => {
    const result = splitAmount({ amount: 100, mode: 'evenly', people: [], tieKey: 'x' });
    expect(result.ok || result.error.code).toBe('no-people');
  });

  it('refuses a person listed twice', () => {
    const result = splitAmount({
      amount: 100,
      mode: 'evenly',
      people: people('a', 'a'),
      tieKey: 'x',
    });
    expect(result.ok || result.error.code).toBe('invalid-weight');
  });

  it('refuses negative, infinite or too precise shares', () => {
    for (const weight of [-1, Number.NaN, Number.POSITIVE_INFINITY, 0.0000000001]) {
      const result = splitAmount({
        amount: 100,
        mode: 'shares',
        people: [
          { id: 'a', weight },
          { id: 'b', weight: 1 },
        ],
        tieKey: 'x',
      });
      expect(result.ok || result.error.code, String(weight)).toBe('invalid-weight');
    }
  });

  it('refuses shares that are all zero', () => {
    const result = splitAmount({
      amount: 100,
      mode: 'shares',
      people: [{ id: 'a', weight: 0 }, { id: 'b' }],
      tieKey: 'x',
    });
    expect(result.ok || result.error.code).toBe('no-weight');
  });

  it('throws on an amount that is not whole minor units, a programming error', () => {
    expect(() =>
      splitAmount({ amount: 1.5, mode: 'evenly', people: people('a'), tieKey: 'x' }),
    ).toThrow(RangeError);
  });
});
