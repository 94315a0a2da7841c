import type { PaymentLike } from './balances';
import type { ExpenseLike } from './expense-conversion';
import { expenseEntry, paymentEntry } from './ledger';
import type { RateTable } from './rates';

/** One day on which something was recorded, and everyone's balance at its end. */
export interface TimelinePoint {
  /** `YYYY-MM-DD`. */
  date: string;
  /** Balances in minor units of the event currency, in the order of `user_ids`. */
  balances: number[];
  /** Whether a payment (a settle-up) was made that day. */
  settleUp: boolean;
}

export interface BalanceTimeline {
  user_ids: string[];
  /** Days in order; days with nothing recorded keep the day before's balances. */
  points: TimelinePoint[];
}

export interface TimelineInput {
  user_ids: readonly string[];
  expenditures: readonly (ExpenseLike & { date: string })[];
  payments: readonly (PaymentLike & { date: string })[];
  rates: RateTable;
}

/**
 * Everyone's balance after each day that has an entry: the day's ledger entries (`expenseEntry`,
 * `paymentEntry`) added up, as `computeBalances` adds them, so every point is exact and the last
 * one is today's balances to the minor unit. One pass over the entries, then one over the days in order.
 *
 * People named by an entry but missing from `user_ids` get a column appended, as in
 * `computeBalances`, so each point still sums to zero.
 */
export function balanceTimeline(input: TimelineInput): BalanceTimeline {
  const { rates } = input;
  const user_ids = [...input.user_ids];
  const column = new Map<string, number>();
  for (const [i, id] of user_ids.entries()) column.set(id, i);
  // What each day changed, per person: balances are sums, so the entries of a day need no order
  // and no sort, only the days do.
  const days = new Map<string, { delta: number[]; settleUp: boolean }>();
  const dayOf = (date: string) => {
    let day = days.get(date);
    if (day === undefined) {
      day = { delta: [], settleUp: false };
      days.set(date, day);
    }
    return day;
  };
  const add = (delta: number[], user_id: string, value: number) => {
    let index = column.get(user_id);
    if (index === undefined) {
      index = user_ids.length;
      user_ids.push(user_id);
      column.set(user_id, index);
    }
    delta[index] = (delta[index] ?? 0) + value;
  };

  for (const expense of input.expenditures) {
    const { delta } = dayOf(expense.date);
    const entry = expenseEntry(expense, rates);
    for (const line of entry.paid) add(delta, line.user_id, line.amount);
    for (const line of entry.share) add(delta, line.user_id, -line.amount);
  }
  for (const payment of input.payments) {
    const day = dayOf(payment.date);
    const entry = paymentEntry(payment, rates);
    for (const line of entry.paid) add(day.delta, line.user_id, line.amount);
    for (const line of entry.share) add(day.delta, line.user_id, -line.amount);
    day.settleUp = true;
  }

  const running: number[] = user_ids.map(() => 0);
  const points: TimelinePoint[] = [];
  for (const date of [...days.keys()].sort()) {
    const day = days.get(date) as { delta: number[]; settleUp: boolean };
    for (let i = 0; i < running.length; i++) running[i] = (running[i] ?? 0) + (day.delta[i] ?? 0);
    points.push({ date, balances: [...running], settleUp: day.settleUp });
  }
  return { user_ids, points };
}
