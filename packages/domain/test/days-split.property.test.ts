import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PresencePeriod } from '../src/index';
import { daysPresent, isPresentOn, splitByDaysPresent } from '../src/index';

const START = Date.UTC(2026, 0, 1);
const dateArb = fc
  .integer({ min: 0, max: 120 })
  .map((offset) => new Date(START + offset * 86_400_000).toISOString().slice(0, 10));
const periodArb: fc.Arbitrary<PresencePeriod> = fc
  .tuple(dateArb, dateArb)
  .map(([a, b]) => (a <= b ? { from: a, to: b } : { from: b, to: a }));
const personArb = fc.record({
  presence: fc.array(periodArb, { maxLength: 3 }),
  weight: fc.integer({ min: 1, max: 5 }),
});

describe('daysPresent', () => {
  it('counts the days of a period inside the range, both ends included', () => {
    const march = [{ from: '2026-03-10', to: '2026-04-05' }];
    expect(daysPresent(march, '2026-03-01', '2026-03-31')).toBe(22);
    expect(daysPresent([], '2026-03-01', '2026-03-31')).toBe(31);
    expect(
      daysPresent([{ from: '2026-05-01', to: '2026-05-02' }], '2026-03-01', '2026-03-31'),
    ).toBe(0);
  });

  it('counts a day covered by two overlapping periods once', () => {
    const twice = [
      { from: '2026-03-01', to: '2026-03-10' },
      { from: '2026-03-05', to: '2026-03-12' },
    ];
    expect(daysPresent(twice, '2026-03-01', '2026-03-31')).toBe(12);
  });

  it('agrees with asking day by day whether the person was there', () => {
    fc.assert(
      fc.property(fc.array(periodArb, { maxLength: 4 }), periodArb, (presence, range) => {
        let expected = 0;
        for (let t = Date.parse(range.from); t <= Date.parse(range.to); t += 86_400_000) {
          if (isPresentOn(presence, new Date(t).toISOString().slice(0, 10))) expected++;
        }
        expect(daysPresent(presence, range.from, range.to)).toBe(expected);
      }),
    );
  });
});

describe('splitByDaysPresent', () => {
  it('splits a month of rent by the days each flatmate lived there, to the cent', () => {
    const { result, days } = splitByDaysPresent({
      amount: 90_000,
      from: '2026-03-01',
      to: '2026-03-31',
      tieKey: 'rent',
      people: [
        { id: 'ana', presence: [] },
        { id: 'ben', presence: [{ from: '2026-03-17', to: '2026-12-31' }] },
      ],
    });
    expect(days.get('ana')).toBe(31);
    expect(days.get('ben')).toBe(15);
    expect(result.ok && Object.fromEntries(result.shares)).toEqual({ ana: 60_652, ben: 29_348 });
  });

  it('always sums to the amount, and gives nothing to someone there on no day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }).filter((n) => n !== 0),
        periodArb,
        fc.array(personArb, { minLength: 1, maxLength: 8 }),
        fc.uuid(),
        (amount, range, persons, tieKey) => {
          const people = persons.map((person, i) => ({ id: `p${i}`, ...person }));
          const { result, days } = splitByDaysPresent({ amount, ...range, people, tieKey });
          const anyone = [...days.values()].some((count) => count > 0);
          expect(result.ok).toBe(anyone);
          if (!result.ok) return;
          let sum = 0;
          for (const [id, share] of result.shares) {
            sum += share;
            if (days.get(id) === 0) expect(share).toBe(0);
          }
          expect(sum).toBe(amount);
        },
      ),
    );
  });
});
