import type { PaymentLike } from './balances';
import type { ExpenseLike } from './expense-conversion';
import { convertSide, convertTotal, signOf } from './expense-conversion';
import type { RateTable } from './rates';
import { convertToEventCurrency } from './rates';

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
 * Everyone's balance after each day that has an entry. Each expense is converted and re-split
 * exactly as `computeBalances` does, so every point is exact and the last one is today's
 * balances to the minor unit. One pass over the entries, then one over the days in order.
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

  const eventCurrencyId = rates.eventCurrency.id;
  for (const expense of input.expenditures) {
    const { delta } = dayOf(expense.date);
    const { amount: total } = convertTotal(expense, rates);
    const same = expense.currency_id === eventCurrencyId;
    const sign = signOf(expense);
    const paid = convertSide(total, expense.payer, same, expense);
    let i = 0;
    for (const line of expense.payer)
      add(delta, line.user_id, sign * (paid ? (paid[i++] ?? 0) : line.amount));
    const shares = convertSide(total, expense.participant, same, expense);
    i = 0;
    for (const line of expense.participant) {
      add(delta, line.user_id, -sign * (shares ? (shares[i++] ?? 0) : line.amount));
    }
  }
  for (const payment of input.payments) {
    const day = dayOf(payment.date);
    const { amount } = convertToEventCurrency(payment.amount, payment.currency_id, rates);
    add(day.delta, payment.payer_id, amount);
    add(day.delta, payment.payee_id, -amount);
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
