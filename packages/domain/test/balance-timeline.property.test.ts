import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceTimeline, buildRateTable, computeBalances } from '../src/index';
import { eventArb } from './arbitraries';

const dateArb = fc
  .integer({ min: 0, max: 60 })
  .map((offset) => new Date(Date.UTC(2026, 2, 1) + offset * 86_400_000).toISOString().slice(0, 10));

const datedEventArb = eventArb.chain((event) =>
  fc.record({
    event: fc.constant(event),
    expenseDates: fc.array(dateArb, {
      minLength: event.expenditures.length,
      maxLength: event.expenditures.length,
    }),
    paymentDates: fc.array(dateArb, {
      minLength: event.payments.length,
      maxLength: event.payments.length,
    }),
  }),
);

describe('balanceTimeline', () => {
  it('ends at today’s balances, sums to zero every day, and marks settle-up days', () => {
    fc.assert(
      fc.property(datedEventArb, ({ event, expenseDates, paymentDates }) => {
        const expenditures = event.expenditures.map((e, i) => ({
          ...e,
          date: expenseDates[i] ?? '',
        }));
        const payments = event.payments.map((p, i) => ({ ...p, date: paymentDates[i] ?? '' }));
        const timeline = balanceTimeline({ ...event, expenditures, payments });
        const today = computeBalances(event);
        const last = timeline.points.at(-1);
        for (const row of today.balances) {
          const index = timeline.user_ids.indexOf(row.user_id);
          expect(last ? last.balances[index] : 0).toBe(row.balance);
        }
        const dates = timeline.points.map((point) => point.date);
        expect(dates).toEqual([...new Set([...expenseDates, ...paymentDates])].sort());
        for (const point of timeline.points) {
          expect(point.balances.reduce((a, b) => a + b, 0)).toBe(0);
          expect(point.settleUp).toBe(paymentDates.includes(point.date));
        }
      }),
    );
  });

  it('keeps a balance as it was on days its person had nothing recorded', () => {
    const timeline = balanceTimeline({
      user_ids: ['ana', 'ben'],
      rates: buildRateTable('EUR', [], [{ id: 'EUR', decimals: 2, rate: 1 }]),
      expenditures: [
        {
          id: 'e1',
          date: '2026-03-02',
          amount: 1000,
          currency_id: 'EUR',
          payer: [{ user_id: 'ana', amount: 1000 }],
          participant: [
            { user_id: 'ana', amount: 500 },
            { user_id: 'ben', amount: 500 },
          ],
        },
      ],
      payments: [
        {
          id: 'p1',
          date: '2026-03-05',
          payer_id: 'ben',
          payee_id: 'ana',
          amount: 500,
          currency_id: 'EUR',
        },
      ],
    });
    expect(timeline.points).toEqual([
      { date: '2026-03-02', balances: [500, -500], settleUp: false },
      { date: '2026-03-05', balances: [0, 0], settleUp: true },
    ]);
  });
});
