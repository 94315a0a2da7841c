import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventStatistics, RateTable, StatisticsExpense } from '../src/index';
import { computeBalances, computeStatistics, periodsBetween } from '../src/index';
import { expenseArb, rateTableArb } from './arbitraries';

const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 0, 1);
const dateOf = (offset: number) => new Date(START + offset * DAY_MS).toISOString().slice(0, 10);
const CATEGORY_ARB = fc.constantFrom('food', 'transport', 'accommodation', 'other', null);

interface StatisticsEvent {
  user_ids: string[];
  expenditures: StatisticsExpense[];
  rates: RateTable;
  /** Days the event's dates spread over: short spans are told per day, long ones per month. */
  span: number;
}

/** An event whose expenses have dates, categories, and some deleted ones among them. */
const statisticsEventArb: fc.Arbitrary<StatisticsEvent> = fc
  .record({
    user_ids: fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 8 }),
    span: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 32, max: 800 })),
    rates: rateTableArb,
  })
  .chain(({ user_ids, span, rates }) =>
    fc.record({
      user_ids: fc.constant(user_ids),
      span: fc.constant(span),
      rates: fc.constant(rates),
      expenditures: fc.array(
        fc
          .tuple(
            expenseArb(user_ids),
            fc.integer({ min: 0, max: span - 1 }),
            CATEGORY_ARB,
            fc.boolean(),
          )
          .map(([expense, offset, category, deleted]) => ({
            ...expense,
            date: dateOf(offset),
            category,
            deleted_at: deleted ? '2026-06-01T12:00:00.000Z' : null,
          })),
        { maxLength: 25 },
      ),
    }),
  );

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function expectBreakdownsAddUp(stats: EventStatistics): void {
  expect(sum(stats.categories.map((row) => row.amount))).toBe(stats.total);
  expect(sum(stats.categories.map((row) => row.count))).toBe(stats.count);
  expect(sum(stats.periods.map((row) => row.amount))).toBe(stats.total);
  expect(sum(stats.periods.map((row) => row.count))).toBe(stats.count);
}

describe('computeStatistics, for any event', () => {
  it('has per-person shares and payments that each sum to what was spent less what was received', () => {
    fc.assert(
      fc.property(statisticsEventArb, (event) => {
        const stats = computeStatistics(event);
        const net = stats.total - stats.income;
        expect(sum(stats.people.map((row) => row.share))).toBe(net);
        expect(sum(stats.people.map((row) => row.paid))).toBe(net);
        expect(sum(stats.people.map((row) => row.difference))).toBe(0);
        for (const row of stats.people) expect(row.difference).toBe(row.paid - row.share);
      }),
    );
  });

  it('has categories and periods that sum to the total and to the count', () => {
    fc.assert(
      fc.property(statisticsEventArb, (event) => {
        expectBreakdownsAddUp(computeStatistics(event));
      }),
    );
  });

  it('lists every period from the first expense to the last, in order, none missing', () => {
    fc.assert(
      fc.property(statisticsEventArb, (event) => {
        const stats = computeStatistics(event);
        if (stats.first_date === null || stats.last_date === null) {
          expect(stats.periods).toEqual([]);
          return;
        }
        expect(stats.periods.map((row) => row.period)).toEqual(
          periodsBetween(stats.first_date, stats.last_date, stats.period_unit),
        );
        const days = (Date.parse(stats.last_date) - Date.parse(stats.first_date)) / DAY_MS + 1;
        expect(stats.period_unit).toBe(days <= 31 ? 'day' : 'month');
      }),
    );
  });

  it('ignores deleted expenses entirely', () => {
    fc.assert(
      fc.property(statisticsEventArb, (event) => {
        const live = event.expenditures.filter((expense) => !expense.deleted_at);
        expect(computeStatistics(event)).toEqual(
          computeStatistics({ ...event, expenditures: live }),
        );
      }),
    );
  });

  it('agrees with the balances on what everyone paid and shared', () => {
    fc.assert(
      fc.property(statisticsEventArb, (event) => {
        const live = event.expenditures.filter((expense) => !expense.deleted_at);
        const { balances } = computeBalances({ ...event, expenditures: live, payments: [] });
        const stats = computeStatistics(event);
        expect(stats.people.map(({ user_id, paid, share }) => [user_id, paid, share])).toEqual(
          balances.map(({ user_id, paid, share }) => [user_id, paid, share]),
        );
      }),
    );
  });

  it('counts in a date range exactly what lies in it, and two adjoining ranges add up', () => {
    fc.assert(
      fc.property(statisticsEventArb, fc.nat(), fc.nat(), fc.nat(), (event, a, b, split) => {
        const [low, high] = [a % event.span, b % event.span].sort((x, y) => x - y) as [
          number,
          number,
        ];
        const from = dateOf(low);
        const to = dateOf(high);
        const inRange = event.expenditures.filter(
          (expense) => expense.date >= from && expense.date <= to,
        );
        const ranged = computeStatistics({ ...event, filter: { from, to } });
        expect(ranged).toEqual(computeStatistics({ ...event, expenditures: inRange }));
        expectBreakdownsAddUp(ranged);

        const middle = low + (split % (high - low + 1));
        const before = computeStatistics({ ...event, filter: { from, to: dateOf(middle) } });
        const after = computeStatistics({ ...event, filter: { from: dateOf(middle + 1), to } });
        expect(before.total + after.total).toBe(ranged.total);
        expect(before.count + after.count).toBe(ranged.count);
      }),
    );
  });

  it('tells each person’s share under a person filter, and those shares add up to the total', () => {
    fc.assert(
      fc.property(statisticsEventArb, (event) => {
        const group = computeStatistics(event);
        let everyone = 0;
        let received = 0;
        for (const row of group.people) {
          const mine = computeStatistics({ ...event, filter: { person_id: row.user_id } });
          expect(mine.total - mine.income).toBe(row.share);
          expect(mine.people).toEqual([row]);
          expectBreakdownsAddUp(mine);
          expect(mine.count).toBeLessThanOrEqual(group.count);
          expect(mine.income_count).toBeLessThanOrEqual(group.income_count);
          everyone += mine.total;
          received += mine.income;
        }
        expect(everyone).toBe(group.total);
        expect(received).toBe(group.income);
      }),
    );
  });

  it('lists the biggest expenses largest first, never more than asked for', () => {
    fc.assert(
      fc.property(statisticsEventArb, fc.integer({ min: 0, max: 10 }), (event, count) => {
        const stats = computeStatistics({ ...event, biggest_count: count });
        expect(stats.biggest.length).toBe(Math.min(count, stats.count));
        const amounts = stats.biggest.map((row) => row.amount);
        expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
        const all = computeStatistics({ ...event, biggest_count: stats.count });
        expect(sum(all.biggest.map((row) => row.amount))).toBe(stats.total);
      }),
    );
  });
});
