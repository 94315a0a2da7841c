import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SplitMode } from '../src/index';
import { allocate, splitAmount } from '../src/index';

const amountArb = fc.integer({ min: -100_000_000_000, max: 100_000_000_000 });
const idsArb = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), {
  minLength: 1,
  maxLength: 12,
});
// Weights as people type them: whole counts, halves, cents of a percent, and huge ones.
const weightArb = fc.oneof(
  fc.integer({ min: 0, max: 10 }),
  fc.integer({ min: 0, max: 1_000_000_000 }),
  fc.integer({ min: 0, max: 100_000 }).map((n) => n / 100),
  fc.integer({ min: 0, max: 1_000_000_000 }).map((n) => n / 1_000_000_000),
);

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** Cuts `total` into `parts` non-negative integers at random points. */
function cuts(total: number, parts: number): fc.Arbitrary<number[]> {
  return fc
    .array(fc.integer({ min: 0, max: total }), { minLength: parts - 1, maxLength: parts - 1 })
    .map((points) => {
      const sortedPoints = [0, ...points.sort((a, b) => a - b), total];
      return sortedPoints.slice(1).map((point, i) => point - (sortedPoints[i] ?? 0));
    });
}

describe('split properties', () => {
  it('shares always sum to the amount, in every mode that accepts the input', () => {
    const inputArb = fc
      .record({
        amount: amountArb,
        ids: idsArb,
        mode: fc.constantFrom<SplitMode>('evenly', 'shares', 'percent', 'exact'),
      })
      .chain(({ amount, ids, mode }) => {
        const weights =
          mode === 'percent'
            ? cuts(10_000, ids.length).map((parts) => parts.map((p) => p / 100))
            : mode === 'exact'
              ? cuts(Math.abs(amount), ids.length).map((parts) =>
                  parts.map((p) => (amount < 0 ? -p : p)),
                )
              : fc.array(weightArb, { minLength: ids.length, maxLength: ids.length });
        return weights.map((ws) => ({
          amount,
          mode,
          people: ids.map((id, i) => ({ id, weight: ws[i] ?? 0 })),
        }));
      });
    fc.assert(
      fc.property(inputArb, fc.string(), (input, tieKey) => {
        const result = splitAmount({ ...input, tieKey });
        if (input.mode === 'evenly' || input.mode === 'exact') expect(result.ok).toBe(true);
        if (!result.ok) {
          expect(['no-weight', 'percent-total']).toContain(result.error.code);
          return;
        }
        expect(sum(result.shares.values())).toBe(input.amount);
        expect(result.shares.size).toBe(input.people.length);
      }),
    );
  });

  it('the order of the list never changes what allocate gives anyone', () => {
    const arb = idsArb.chain((ids) =>
      fc
        .array(weightArb, { minLength: ids.length, maxLength: ids.length })
        .filter((ws) => sum(ws) > 0)
        .chain((ws) => {
          const list = ids.map((id, i) => ({ id, weight: ws[i] ?? 0 }));
          return fc.tuple(
            fc.constant(list),
            fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
          );
        }),
    );
    fc.assert(
      fc.property(amountArb, arb, fc.string(), (amount, [list, shuffled], tieKey) => {
        const a = allocate(amount, list, tieKey);
        const b = allocate(amount, shuffled, tieKey);
        expect(new Map([...b].sort())).toEqual(new Map([...a].sort()));
      }),
    );
  });

  it('each share is within one minor unit of its exact quota, and larger remainders come first', () => {
    fc.assert(
      fc.property(
        amountArb,
        idsArb.chain((ids) =>
          fc
            .array(fc.integer({ min: 0, max: 1_000_000_000 }), {
              minLength: ids.length,
              maxLength: ids.length,
            })
            .filter((ws) => sum(ws) > 0)
            .map((ws) => ids.map((id, i) => ({ id, weight: ws[i] ?? 0 }))),
        ),
        (amount, list) => {
          const shares = allocate(amount, list, 'key');
          const total = BigInt(sum(list.map((p) => p.weight)));
          const magnitude = BigInt(Math.abs(amount));
          let smallestWinner: bigint | undefined;
          let largestLoser: bigint | undefined;
          for (const { id, weight } of list) {
            const share = BigInt(Math.abs(shares.get(id) ?? Number.NaN));
            const exact = magnitude * BigInt(weight);
            const floor = exact / total;
            const remainder = exact % total;
            expect(share === floor || share === floor + 1n).toBe(true);
            if (weight === 0) expect(share).toBe(0n);
            if (share > floor) {
              if (smallestWinner === undefined || remainder < smallestWinner)
                smallestWinner = remainder;
            } else if (largestLoser === undefined || remainder > largestLoser) {
              largestLoser = remainder;
            }
          }
          if (smallestWinner !== undefined && largestLoser !== undefined) {
            expect(smallestWinner >= largestLoser).toBe(true);
          }
        },
      ),
    );
  });

  it('scaling every weight by the same factor never changes the result', () => {
    fc.assert(
      fc.property(
        amountArb,
        idsArb.chain((ids) =>
          fc
            .array(fc.integer({ min: 0, max: 1000 }), {
              minLength: ids.length,
              maxLength: ids.length,
            })
            .filter((ws) => sum(ws) > 0)
            .map((ws) => ids.map((id, i) => ({ id, weight: ws[i] ?? 0 }))),
        ),
        fc.constantFrom(0.5, 10, 1_000_000, 1_000_000_000),
        fc.string(),
        (amount, list, factor, tieKey) => {
          const scaled = list.map(({ id, weight }) => ({ id, weight: weight * factor }));
          // Large factors take the BigInt path; the ties must still fall the same way.
          expect(allocate(amount, scaled, tieKey)).toEqual(allocate(amount, list, tieKey));
        },
      ),
    );
  });

  it('a refund is the mirror image of the expense', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000_000 }),
        idsArb,
        fc.string(),
        (amount, ids, tieKey) => {
          const list = ids.map((id) => ({ id, weight: 1 }));
          const forward = allocate(amount, list, tieKey);
          const back = allocate(-amount, list, tieKey);
          for (const [id, share] of forward) expect(back.get(id)).toBe(0 - share);
        },
      ),
    );
  });
});
