import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildEventReport,
  computeBalances,
  computeStatistics,
  expenseEntry,
  type LedgerEntry,
  ledgerTotals,
  paymentEntry,
  personStatement,
} from '../src/index';
import { eventArb, type RandomEvent } from './arbitraries';

const sum = (lines: readonly { amount: number }[]) =>
  lines.reduce((total, line) => total + line.amount, 0);

function ledgerOf(event: RandomEvent): LedgerEntry[] {
  return [
    ...event.expenditures.map((expense) => expenseEntry(expense, event.rates)),
    ...event.payments.map((payment) => paymentEntry(payment, event.rates)),
  ];
}

/** Dates and titles for the report and the statistics, which list entries by day. */
function dated(event: RandomEvent) {
  const written = '2026-01-01T00:00:00Z';
  return {
    expenditures: event.expenditures.map((expense) => ({
      ...expense,
      date: '2026-01-01',
      category: null,
      title: 'x',
      created_at: written,
    })),
    payments: event.payments.map((payment) => ({
      ...payment,
      date: '2026-01-01',
      title: 'x',
      created_at: written,
    })),
  };
}

describe('one ledger', () => {
  it('each entry moves balances by a zero sum: its paid and its shares each add up to its amount', () => {
    fc.assert(
      fc.property(eventArb, (event) => {
        for (const entry of ledgerOf(event)) {
          const signed = entry.kind === 'income' ? 0 - entry.amount : entry.amount;
          expect(sum(entry.paid)).toBe(signed);
          expect(sum(entry.share)).toBe(signed);
        }
      }),
    );
  });

  it('the balances, the statistics, the statement and every person’s statement read the same entries and the same totals', () => {
    fc.assert(
      fc.property(eventArb, (event) => {
        const totals = ledgerTotals(ledgerOf(event));
        const balances = computeBalances(event);
        expect(balances.totals).toEqual(totals);
        const { expenditures, payments } = dated(event);
        const statistics = computeStatistics({ ...event, expenditures });
        expect(statistics.total).toBe(totals.spent);
        expect(statistics.income).toBe(totals.received);
        const report = buildEventReport({ ...event, expenditures, payments });
        expect(report.total_spent).toBe(totals.spent);
        expect(report.total_received).toBe(totals.received);
        expect(report.total_paid_back).toBe(totals.paid_back);
        for (const row of balances.balances) {
          const lines = personStatement(row.user_id, event);
          expect(lines.reduce((total, line) => total + line.effect, 0)).toBe(row.balance);
        }
      }),
      { numRuns: 50 },
    );
  });
});
