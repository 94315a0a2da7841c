import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReportExpense, ReportPayment } from '../src/index';
import { buildEventReport, buildRateTable, computeBalances, settle } from '../src/index';
import { eventArb } from './arbitraries';

const DAYS = ['2026-03-01', '2026-03-05', '2026-03-09', '2026-04-02'] as const;

/** Dates and titles for the random events' entries, so they fit the report's input. */
const datedEventArb = eventArb.chain((event) =>
  fc
    .record({
      expenseDays: fc.array(fc.constantFrom(...DAYS), {
        minLength: event.expenditures.length,
        maxLength: event.expenditures.length,
      }),
      paymentDays: fc.array(fc.constantFrom(...DAYS), {
        minLength: event.payments.length,
        maxLength: event.payments.length,
      }),
      from: fc.option(fc.constantFrom(...DAYS), { nil: null }),
      to: fc.option(fc.constantFrom(...DAYS), { nil: null }),
    })
    .map(({ expenseDays, paymentDays, from, to }) => ({
      ...event,
      from,
      to,
      expenditures: event.expenditures.map(
        (expense, i): ReportExpense => ({
          ...expense,
          date: expenseDays[i] ?? DAYS[0],
          title: `expense ${i}`,
          category: null,
          created_at: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}Z`,
        }),
      ),
      payments: event.payments.map(
        (payment, i): ReportPayment => ({
          ...payment,
          date: paymentDays[i] ?? DAYS[0],
          title: '',
          created_at: '2026-01-01T00:00:00Z',
        }),
      ),
    })),
);

describe('buildEventReport', () => {
  it("lists the range's expenses, whose converted amounts add up to the total spent and the statistics' total", () => {
    fc.assert(
      fc.property(datedEventArb, (event) => {
        const report = buildEventReport(event);
        const expenses = report.entries.filter((entry) => entry.kind === 'expense');
        expect(expenses.reduce((sum, entry) => sum + entry.converted, 0)).toBe(report.total_spent);
        expect(report.statistics.total).toBe(report.total_spent);
        expect(report.expense_count).toBe(expenses.length);
        const incomes = report.entries.filter((entry) => entry.kind === 'income');
        expect(incomes.reduce((sum, entry) => sum + entry.converted, 0)).toBe(
          report.total_received,
        );
        expect(report.statistics.income).toBe(report.total_received);
        expect(report.income_count).toBe(incomes.length);
        for (const entry of report.entries) {
          if (event.from) expect(entry.date >= event.from).toBe(true);
          if (event.to) expect(entry.date <= event.to).toBe(true);
        }
      }),
    );
  });

  it("shows today's balances whatever the range, and they sum to zero", () => {
    fc.assert(
      fc.property(datedEventArb, (event) => {
        const report = buildEventReport(event);
        expect(report.balances).toEqual(computeBalances(event).balances);
        expect(report.balances.reduce((sum, row) => sum + row.balance, 0)).toBe(0);
      }),
    );
  });

  it('without a range lists every expense and payment, oldest first', () => {
    fc.assert(
      fc.property(datedEventArb, (event) => {
        const report = buildEventReport({ ...event, from: null, to: null });
        expect(report.entries).toHaveLength(event.expenditures.length + event.payments.length);
        const dates = report.entries.map((entry) => entry.date);
        expect(dates).toEqual([...dates].sort());
      }),
    );
  });

  it('tells a payment by who sent it to whom, converted into the event currency', () => {
    const rates = buildRateTable('EUR', [{ currency_id: 'USD', exchange_rate: 0.5 }], []);
    const report = buildEventReport({
      user_ids: ['ana', 'ben'],
      rates,
      expenditures: [],
      payments: [
        {
          id: 'p1',
          payer_id: 'ben',
          payee_id: 'ana',
          amount: 1000,
          currency_id: 'USD',
          date: '2026-03-02',
          title: '',
          created_at: '2026-03-02T10:00:00Z',
        },
      ],
    });
    expect(report.entries).toEqual([
      expect.objectContaining({
        kind: 'payment',
        converted: 500,
        from_ids: ['ben'],
        to_ids: ['ana'],
      }),
    ]);
    expect(report.total_paid_back).toBe(500);
    expect(settle(report.balances)).toEqual([
      { from_user_id: 'ana', to_user_id: 'ben', amount: 500 },
    ]);
  });
});

describe('buildEventReport with deleted entries', () => {
  it('leaves deleted expenses and payments out of the list, the totals and the balances', () => {
    fc.assert(
      fc.property(datedEventArb, fc.integer({ min: 0, max: 3 }), (event, every) => {
        const gone = '2026-01-02T00:00:00Z';
        const marked = {
          ...event,
          expenditures: event.expenditures.map((expense, i) =>
            i % (every + 1) === 0 ? { ...expense, deleted_at: gone } : expense,
          ),
          payments: event.payments.map((payment, i) =>
            i % (every + 1) === 0 ? { ...payment, deleted_at: gone } : payment,
          ),
        };
        const live = {
          ...marked,
          expenditures: marked.expenditures.filter((expense) => !expense.deleted_at),
          payments: marked.payments.filter((payment) => !payment.deleted_at),
        };
        expect(buildEventReport(marked)).toEqual(buildEventReport(live));
      }),
    );
  });
});
