import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BalanceEntry, Transfer } from '../src/index';
import { maxZeroSumGroups, settle, settleGreedy } from '../src/index';

function entries(...balances: number[]): BalanceEntry[] {
  return balances.map((balance, i) => ({ user_id: `P${i}`, balance }));
}

function apply(
  balances: readonly BalanceEntry[],
  transfers: readonly Transfer[],
): Map<string, number> {
  const result = new Map(balances.map((entry) => [entry.user_id, entry.balance]));
  for (const { from_user_id, to_user_id, amount } of transfers) {
    expect(amount).toBeGreaterThan(0);
    expect(result.get(from_user_id)).toBeLessThan(0);
    expect(result.get(to_user_id)).toBeGreaterThan(0);
    result.set(from_user_id, (result.get(from_user_id) ?? 0) + amount);
    result.set(to_user_id, (result.get(to_user_id) ?? 0) - amount);
  }
  return result;
}

/** n − (largest number of disjoint zero-sum groups), found by trying every partition. */
function bruteForceMinimum(values: readonly number[]): number {
  const nonZero = values.filter((value) => value !== 0);
  const best = (rest: readonly number[]): number => {
    if (rest.length === 0) return 0;
    const [first = 0, ...others] = rest;
    let most = 0;
    // Every group containing `first`: a subset of the others that cancels it.
    for (let mask = 0; mask < 1 << others.length; mask++) {
      let sum = first;
      const left: number[] = [];
      others.forEach((value, i) => {
        if (mask & (1 << i)) sum += value;
        else left.push(value);
      });
      if (sum === 0) most = Math.max(most, 1 + best(left));
    }
    return most;
  };
  return nonZero.length - best(nonZero);
}

/** Balances summing to zero, from a small range so that zero-sum groups are common. */
function balancesArb(maxPeople: number, range: number): fc.Arbitrary<BalanceEntry[]> {
  return fc
    .array(fc.integer({ min: -range, max: range }), { minLength: 1, maxLength: maxPeople - 1 })
    .map((values) => entries(...values, 0 - values.reduce((a, b) => a + b, 0)));
}

describe('settle', () => {
  it('has the two debtors pay the one creditor, largest transfer first', () => {
    expect(settle(entries(-3000, -4000, 7000))).toEqual([
      { from_user_id: 'P1', to_user_id: 'P2', amount: 4000 },
      { from_user_id: 'P0', to_user_id: 'P2', amount: 3000 },
    ]);
  });

  it('pairs exactly opposite balances directly', () => {
    expect(settle(entries(-500, 300, 500, -300))).toEqual([
      { from_user_id: 'P0', to_user_id: 'P2', amount: 500 },
      { from_user_id: 'P3', to_user_id: 'P1', amount: 300 },
    ]);
  });

  it('finds fewer transfers than the greedy rule when groups cancel out', () => {
    const balances = entries(100, -800, -600, 700, 900, -300);
    expect(settleGreedy(balances)).toHaveLength(5);
    const transfers = settle(balances);
    expect(transfers).toHaveLength(4);
    expect([...apply(balances, transfers).values()].every((v) => v === 0)).toBe(true);
  });

  it('answers nothing when nobody owes anything', () => {
    expect(settle([])).toEqual([]);
    expect(settle(entries(0, 0))).toEqual([]);
  });

  it('refuses balances that do not sum to zero, are fractional or repeat a person', () => {
    expect(() => settle(entries(1, -2))).toThrow(RangeError);
    expect(() => settle(entries(0.5, -0.5))).toThrow(RangeError);
    expect(() =>
      settle([
        { user_id: 'a', balance: 1 },
        { user_id: 'a', balance: -1 },
      ]),
    ).toThrow(RangeError);
  });

  it('settling every suggestion leaves nobody owing, in at most n − 1 transfers', () => {
    fc.assert(
      fc.property(fc.oneof(balancesArb(30, 20), balancesArb(30, 1_000_000_000)), (balances) => {
        const transfers = settle(balances);
        for (const value of apply(balances, transfers).values()) expect(value).toBe(0);
        const nonZero = balances.filter((entry) => entry.balance !== 0).length;
        expect(transfers.length).toBeLessThanOrEqual(Math.max(0, nonZero - 1));
      }),
    );
  });

  it('never uses more transfers than the greedy rule while the search is exact', () => {
    fc.assert(
      fc.property(balancesArb(20, 30), (balances) => {
        expect(settle(balances).length).toBeLessThanOrEqual(settleGreedy(balances).length);
      }),
    );
  });

  it('gives the same transfers whatever the order of the balances', () => {
    fc.assert(
      fc.property(
        balancesArb(25, 40).chain((balances) =>
          fc.tuple(
            fc.constant(balances),
            fc.shuffledSubarray(balances, { minLength: balances.length }),
          ),
        ),
        ([balances, shuffled]) => {
          expect(settle(shuffled)).toEqual(settle(balances));
          expect(settleGreedy(shuffled)).toEqual(settleGreedy(balances));
        },
      ),
    );
  });

  it('uses exactly the fewest transfers for up to 8 people, as brute force finds them', () => {
    fc.assert(
      fc.property(balancesArb(8, 12), (balances) => {
        const values = balances.map((entry) => entry.balance);
        expect(settle(balances)).toHaveLength(bruteForceMinimum(values));
      }),
      { numRuns: 300 },
    );
  });
});

describe('settleGreedy', () => {
  it('settles everyone in at most n − 1 transfers', () => {
    fc.assert(
      fc.property(balancesArb(40, 1000), (balances) => {
        const transfers = settleGreedy(balances);
        for (const value of apply(balances, transfers).values()) expect(value).toBe(0);
        const nonZero = balances.filter((entry) => entry.balance !== 0).length;
        expect(transfers.length).toBeLessThanOrEqual(Math.max(0, nonZero - 1));
      }),
    );
  });
});

describe('maxZeroSumGroups', () => {
  it('finds as many groups by the subset DP as by the chain search, each summing to zero', () => {
    const noZeros = fc
      .array(
        fc.integer({ min: -6, max: 6 }).filter((v) => v !== 0),
        { minLength: 1, maxLength: 13 },
      )
      .map((values) => [...values, 0 - values.reduce((a, b) => a + b, 0)])
      .filter((values) => values.every((v) => v !== 0));
    fc.assert(
      fc.property(noZeros, (values) => {
        const byChain = maxZeroSumGroups(values);
        const byDp = maxZeroSumGroups(values, 0);
        expect(byDp).toHaveLength(byChain.length);
        for (const groups of [byChain, byDp]) {
          expect(groups.flat().sort((a, b) => a - b)).toEqual(values.map((_, i) => i));
          for (const group of groups) {
            expect(group.reduce((sum, i) => sum + (values[i] ?? Number.NaN), 0)).toBe(0);
          }
        }
      }),
    );
  });
});
