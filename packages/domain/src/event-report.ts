import type { BalanceRow, PaymentLike } from './balances';
import { computeBalances } from './balances';
import { addToTotals, checkedTotals, emptyTotals, expenseEntry, paymentEntry } from './ledger';
import type { RateTable } from './rates';
import type { EventStatistics, StatisticsExpense } from './statistics';
import { computeStatistics } from './statistics';

/** The fields of an expense a report lists (API objects fit as they are). */
export interface ReportExpense extends StatisticsExpense {
  title: string;
  /** When it was written down: orders the entries of one day. */
  created_at: string;
}

/** The fields of a payment a report lists (API objects fit as they are). */
export interface ReportPayment extends PaymentLike {
  /** The day it was paid, `YYYY-MM-DD`. */
  date: string;
  title: string;
  created_at: string;
  /** Set once deleted: a deleted payment is not listed and does not count. */
  deleted_at?: string | null;
}

export interface ReportInput {
  /** The event's people, in the order their rows should come in. */
  user_ids: readonly string[];
  expenditures: readonly ReportExpense[];
  payments: readonly ReportPayment[];
  rates: RateTable;
  /** The first day listed, `YYYY-MM-DD`, inclusive; absent = from the first entry. */
  from?: string | null;
  /** The last day listed, `YYYY-MM-DD`, inclusive; absent = up to the last entry. */
  to?: string | null;
}

/** One line of the report's list of expenses and payments. */
export interface ReportEntry {
  /** `income`: money the group received, listed with its payers as the ones who received it. */
  kind: 'expense' | 'income' | 'payment';
  id: string;
  date: string;
  title: string;
  /** null for a payment; `other` for an expense without one. */
  category: string | null;
  /** Minor units of `currency_id`, as entered. */
  amount: number;
  currency_id: string;
  /** Minor units of the event currency, converted as the balances convert it. */
  converted: number;
  /** Who paid: the payers of an expense, who received an income, the sender of a payment. */
  from_ids: string[];
  /** Who it was for: the participants of an expense or income, the receiver of a payment. */
  to_ids: string[];
}

/** Everything a printed statement of an event shows; amounts in the event currency. */
export interface EventReport {
  /** The date range asked for, as given (null = open). */
  from: string | null;
  to: string | null;
  /** Today's balances of the whole event, whatever the range: they sum to exactly 0. */
  balances: BalanceRow[];
  /** Expenses and payments in the range, oldest first (same day: in the order written). */
  entries: ReportEntry[];
  /** What was spent in the range ("Total spent", `LedgerTotals.spent`): not less income. */
  total_spent: number;
  /** What was received in the range (refunds, deposits returned…): the incomes added up. */
  total_received: number;
  /** What was paid back in the range: the payments' converted amounts added up. */
  total_paid_back: number;
  expense_count: number;
  income_count: number;
  payment_count: number;
  /** Per person and per category, over the range (see `computeStatistics`). */
  statistics: EventStatistics;
  /** Currencies counted without a rate anywhere in the report, sorted. */
  missing_rates: string[];
}

function inRange(date: string, from: string | null, to: string | null): boolean {
  return (from === null || date >= from) && (to === null || date <= to);
}

function byDateThenWritten(a: ReportEntry & { written: string }, b: typeof a): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.written !== b.written) return a.written < b.written ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The content of an event's statement: today's balances (the caller adds the plan that settles
 * them, `settle(balances)`, which the app has at hand already), then
 * every expense and payment of the date range with its amount converted into the event
 * currency, the range's totals and its statistics. Every amount is the entry's in the ledger
 * (`expenseEntry`, `paymentEntry`), as the balances read it, and the totals are `ledgerTotals`'
 * definition, so `total_spent` is the statistics' total and the home's to the minor unit.
 *
 * @param input amounts in minor units of each entry's own currency
 * @returns amounts in minor units of the event currency (an entry's `amount` excepted)
 * @throws RangeError when a date is not `YYYY-MM-DD` or a sum leaves the safe integer range
 */
export function buildEventReport(input: ReportInput): EventReport {
  const from = input.from ?? null;
  const to = input.to ?? null;
  // Deleted entries count nowhere, as in the balances the app shows.
  const expenditures = input.expenditures.filter((expense) => !expense.deleted_at);
  const payments = input.payments.filter((payment) => !payment.deleted_at);
  const { balances, missing_rates } = computeBalances({ ...input, expenditures, payments });
  const missing = new Set(missing_rates);

  const entries: (ReportEntry & { written: string })[] = [];
  const totals = emptyTotals();
  for (const expense of expenditures) {
    if (!inRange(expense.date, from, to)) continue;
    const entry = expenseEntry(expense, input.rates);
    addToTotals(totals, entry);
    entries.push({
      kind: entry.kind === 'income' ? 'income' : 'expense',
      id: expense.id,
      date: expense.date,
      title: expense.title,
      category: expense.category ?? 'other',
      amount: expense.amount,
      currency_id: expense.currency_id,
      converted: entry.amount,
      from_ids: expense.payer.map((line) => line.user_id),
      to_ids: expense.participant.map((line) => line.user_id),
      written: expense.created_at,
    });
  }
  for (const payment of payments) {
    if (!inRange(payment.date, from, to)) continue;
    const entry = paymentEntry(payment, input.rates);
    addToTotals(totals, entry);
    entries.push({
      kind: 'payment',
      id: payment.id,
      date: payment.date,
      title: payment.title,
      category: null,
      amount: payment.amount,
      currency_id: payment.currency_id,
      converted: entry.amount,
      from_ids: [payment.payer_id],
      to_ids: [payment.payee_id],
      written: payment.created_at,
    });
  }
  entries.sort(byDateThenWritten);
  const { spent, spent_count, received, received_count, paid_back, payment_count } =
    checkedTotals(totals);

  const statistics = computeStatistics({
    user_ids: input.user_ids,
    expenditures,
    rates: input.rates,
    filter: { from, to },
  });
  for (const id of statistics.missing_rates) missing.add(id);

  return {
    from,
    to,
    balances,
    entries: entries.map(({ written: _written, ...entry }) => entry),
    total_spent: spent,
    total_received: received,
    total_paid_back: paid_back,
    expense_count: spent_count,
    income_count: received_count,
    payment_count,
    statistics,
    missing_rates: [...missing].sort(),
  };
}
