import { describe, expect, it } from 'vitest';
import { allocate, remainingToAssign } from '../src/index';

describe('allocate', () => {
  it('gives the leftover units by a hash of the tie key, so different expenses favour different people', () => {
    const winners = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const shares = allocate(
        100,
        [
          { id: 'a', weight: 1 },
          { id: 'b', weight: 1 },
          { id: 'c', weight: 1 },
        ],
        `e${i}`,
      );
      for (const [id, share] of shares) if (share === 34) winners.add(id);
    }
    expect(winners).toEqual(new Set(['a', 'b', 'c']));
  });

  it('is exact for 1e11 minor units and weights up to 1e9 with decimals', () => {
    const shares = allocate(
      100_000_000_000,
      [
        { id: 'a', weight: 1_000_000_000 },
        { id: 'b', weight: 999_999_999.5 },
        { id: 'c', weight: 3.000000001 },
      ],
      'big',
    );
    // Quotas: 49999999937.5…, 49999999912.5…, 150.0…
    expect(shares).toEqual(
      new Map([
        ['a', 49_999_999_937],
        ['b', 49_999_999_913],
        ['c', 150],
      ]),
    );
  });

  it('gives zero-weight people a share of 0 and keeps them in the result', () => {
    expect(
      allocate(
        5,
        [
          { id: 'a', weight: 0 },
          { id: 'b', weight: 3 },
        ],
        'x',
      ),
    ).toEqual(
      new Map([
        ['a', 0],
        ['b', 5],
      ]),
    );
  });

  it('never gives a negative zero', () => {
    const shares = allocate(
      -1,
      [
        { id: 'a', weight: 1 },
        { id: 'b', weight: 1 },
      ],
      'x',
    );
    expect([...shares.values()].filter((v) => Object.is(v, -0))).toEqual([]);
  });

  it('throws a RangeError on bad weights, no weight at all or repeated ids', () => {
    expect(() => allocate(1, [], 'x')).toThrow(RangeError);
    expect(() => allocate(1, [{ id: 'a', weight: 0 }], 'x')).toThrow(RangeError);
    expect(() => allocate(1, [{ id: 'a', weight: -1 }], 'x')).toThrow(RangeError);
    expect(() => allocate(1, [{ id: 'a', weight: Number.NaN }], 'x')).toThrow(RangeError);
    expect(() => allocate(1, [{ id: 'a', weight: 1 / 3 }], 'x')).toThrow(RangeError);
    expect(() =>
      allocate(
        1,
        [
          { id: 'a', weight: 1 },
          { id: 'a', weight: 1 },
        ],
        'x',
      ),
    ).toThrow(RangeError);
  });
});

describe('remainingToAssign', () => {
  it('answers what is left of the amount, negative when too much is assigned', () => {
    expect(remainingToAssign(1000, [300, 200])).toBe(500);
    expect(remainingToAssign(1000, [])).toBe(1000);
    expect(remainingToAssign(1000, [800, 300])).toBe(-100);
  });
});
