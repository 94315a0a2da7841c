import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemisedSplit } from '../src/index';

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

const PEOPLE: readonly string[] = ['ana', 'ben', 'chloe', 'dev', 'eli'];

/** Receipt lines as they come: up to 30 items of up to 1,000,000 minor units, each had by 1–5 people. */
const itemsArb = fc.array(
  fc.record({
    amount: fc.integer({ min: 0, max: 1_000_000 }),
    people: fc.subarray([...PEOPLE], { minLength: 1 }),
  }),
  { minLength: 1, maxLength: 30 },
);
/** The items with a positive sum, and a total from a 100 % discount to tax and tip of 300 %. */
const receiptArb = itemsArb
  .filter((items) => sum(items.map((item) => item.amount)) > 0)
  .chain((items) => {
    const itemsSum = sum(items.map((item) => item.amount));
    return fc.record({
      items: fc.constant(items),
      total: fc.integer({ min: 0, max: itemsSum * 4 }),
      tieKey: fc.string(),
    });
  });

function subtotalsOf(items: readonly { amount: number; people: readonly string[] }[]) {
  const exact = new Map<string, number>();
  for (const item of items) {
    for (const id of item.people) {
      exact.set(id, (exact.get(id) ?? 0) + item.amount / item.people.length);
    }
  }
  return exact;
}

describe('itemised split', () => {
  it('everyone pays their items when the total is the items’ sum', () => {
    const result = itemisedSplit({
      total: 3000,
      items: [
        { amount: 1200, people: ['ana'] },
        { amount: 800, people: ['ben'] },
        { amount: 1000, people: ['ana', 'ben'] },
      ],
      tieKey: 'e1',
    });
    expect(result).toEqual({
      ok: true,
      shares: new Map([
        ['ana', 1700],
        ['ben', 1300],
      ]),
      subtotals: new Map([
        ['ana', 1700],
        ['ben', 1300],
      ]),
    });
  });

  it('a 10 % service charge is spread in proportion to what each person had', () => {
    const result = itemisedSplit({
      total: 3300,
      items: [
        { amount: 2000, people: ['ana'] },
        { amount: 1000, people: ['ben'] },
      ],
      tieKey: 'e2',
    });
    expect(result.ok && Object.fromEntries(result.shares)).toEqual({ ana: 2200, ben: 1100 });
  });

  it('a discount at the bottom lowers everyone in proportion too', () => {
    const result = itemisedSplit({
      total: 2700,
      items: [
        { amount: 2000, people: ['ana'] },
        { amount: 1000, people: ['ben', 'chloe'] },
      ],
      tieKey: 'e3',
    });
    expect(result.ok && Object.fromEntries(result.shares)).toEqual({
      ana: 1800,
      ben: 450,
      chloe: 450,
    });
  });

  it('a discount line given to whoever had the discounted item counts against their items', () => {
    const result = itemisedSplit({
      total: 1500,
      items: [
        { amount: 1000, people: ['ana'] },
        { amount: -200, people: ['ana'] },
        { amount: 700, people: ['ben'] },
      ],
      tieKey: 'e4',
    });
    expect(result.ok && Object.fromEntries(result.shares)).toEqual({ ana: 800, ben: 700 });
  });

  it('says what is wrong instead of guessing', () => {
    const code = (items: { amount: number; people: string[] }[], total = 1000) => {
      const result = itemisedSplit({ total, items, tieKey: 'k' });
      return result.ok ? 'ok' : result.error.code;
    };
    expect(code([])).toBe('no-items');
    expect(code([{ amount: 500, people: [] }])).toBe('unassigned-item');
    expect(code([{ amount: 0, people: ['ana'] }])).toBe('no-item-total');
    expect(
      code([
        { amount: 500, people: ['ana'] },
        { amount: -300, people: ['ben'] },
      ]),
    ).toBe('negative-subtotal');
  });

  it('leaves out someone whose items cost nothing', () => {
    const result = itemisedSplit({
      total: 1100,
      items: [
        { amount: 1000, people: ['ana'] },
        { amount: 0, people: ['ben'] },
      ],
      tieKey: 'k',
    });
    expect(result.ok && [...result.shares.keys()]).toEqual(['ana']);
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() =>
      itemisedSplit({ total: 10.5, items: [{ amount: 10, people: ['a'] }], tieKey: 'k' }),
    ).toThrow(RangeError);
    expect(() =>
      itemisedSplit({ total: 10, items: [{ amount: 0.1, people: ['a'] }], tieKey: 'k' }),
    ).toThrow(RangeError);
  });

  it('the shares always add up exactly to the total', () => {
    fc.assert(
      fc.property(receiptArb, ({ items, total, tieKey }) => {
        const result = itemisedSplit({ total, items, tieKey });
        expect(result.ok).toBe(true);
        if (result.ok) expect(sum(result.shares.values())).toBe(total);
      }),
    );
  });

  it('nobody gets a negative share, and only people who had something pay', () => {
    fc.assert(
      fc.property(receiptArb, ({ items, total, tieKey }) => {
        const result = itemisedSplit({ total, items, tieKey });
        if (!result.ok) throw new Error(result.error.message);
        const hadSomething = new Set(
          items.filter((item) => item.amount > 0).flatMap((item) => item.people),
        );
        for (const [id, share] of result.shares) {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(hadSomething.has(id)).toBe(true);
        }
      }),
    );
  });

  it('each share is within one minor unit per item of the total shared in proportion to the items', () => {
    fc.assert(
      fc.property(receiptArb, ({ items, total, tieKey }) => {
        const result = itemisedSplit({ total, items, tieKey });
        if (!result.ok) throw new Error(result.error.message);
        const itemsSum = sum(items.map((item) => item.amount));
        // Each item's equal parts are off by under one unit, and so is the final allocation;
        // scaled by total / itemsSum, an item's unit weighs at most that much.
        const tolerance = 1 + (items.length * total) / itemsSum;
        for (const [id, exactSubtotal] of subtotalsOf(items)) {
          const proportional = (total * exactSubtotal) / itemsSum;
          expect(Math.abs((result.shares.get(id) ?? 0) - proportional)).toBeLessThanOrEqual(
            tolerance,
          );
        }
      }),
    );
  });

  it('the share of the total follows the subtotals exactly, within one minor unit', () => {
    fc.assert(
      fc.property(receiptArb, ({ items, total, tieKey }) => {
        const result = itemisedSplit({ total, items, tieKey });
        if (!result.ok) throw new Error(result.error.message);
        const subtotalSum = sum(result.subtotals.values());
        expect(subtotalSum).toBe(sum(items.map((item) => item.amount)));
        for (const [id, subtotal] of result.subtotals) {
          const share = result.shares.get(id) ?? Number.NaN;
          // |share × S − total × subtotal| < S: the largest-remainder bound, in integers.
          expect(Math.abs(share * subtotalSum - total * subtotal)).toBeLessThan(subtotalSum);
        }
      }),
    );
  });

  it('with no tax or service, each person pays exactly what their items add up to', () => {
    fc.assert(
      fc.property(
        itemsArb.filter((items) => items.some((item) => item.amount > 0)),
        fc.string(),
        (items, tieKey) => {
          const total = sum(items.map((item) => item.amount));
          const result = itemisedSplit({ total, items, tieKey });
          if (!result.ok) throw new Error(result.error.message);
          expect(result.shares).toEqual(result.subtotals);
        },
      ),
    );
  });

  it('the order of the people on an item never changes the result', () => {
    fc.assert(
      fc.property(receiptArb, ({ items, total, tieKey }) => {
        const reversedPeople = items.map((item) => ({
          ...item,
          people: [...item.people].reverse(),
        }));
        const a = itemisedSplit({ total, items, tieKey });
        const b = itemisedSplit({ total, items: reversedPeople, tieKey });
        expect(b).toEqual(a);
      }),
    );
  });
});
