import type { PaymentLike } from './balances';
import type { ExpenseLike, ShareLine } from './expense-conversion';
import { convertExpense, signOf } from './expense-conversion';
import { assertMinorUnits } from './money';
import type { RateTable } from './rates';
import { convertToEventCurrency } from './rates';

/**
 * One entry of an event's ledger: what an expense, an income or a payment moves, per person, in
 * minor units of the event currency. Each person's balance moves by what they `paid` less their
 * `share`, so the two sides of an entry cancel out and every balance, total, file and chart that
 * adds entries up stays zero-sum and exact. Every figure of the product is a sum over these.
 */
export interface LedgerEntry {
  /** `income`: money the group received; `payment`: one person paying another back. */
  kind: 'expense' | 'income' | 'payment';
  id: string;
  /** What the entry moved, converted once (the expense's total, the payment's amount), ≥ 0. */
  amount: number;
  /**
   * What each payer put in: the payers of an expense, the holders of an income (negative, as
   * they owe it to the group), the sender of a payment. Sums to `amount` (−`amount` for income).
   */
  paid: readonly ShareLine[];
  /**
   * What falls to each person: the shares of an expense, the shares of an income (negative, as
   * the group owes them), the receiver of a payment. Sums to `amount` (−`amount` for income).
   */
  share: readonly ShareLine[];
  /** The entry's currency when no rate was known (its amount counted unchanged), else null. */
  missing_rate: string | null;
}

function signed(lines: readonly ShareLine[], sign: 1 | -1): readonly ShareLine[] {
  if (sign > 0) return lines;
  // 0 − amount, not −amount: a line of 0 (a conversion without a rate) stays 0, never −0.
  return lines.map((line) => ({ user_id: line.user_id, amount: 0 - line.amount }));
}

/**
 * An expense or income as a ledger entry: converted into the event currency once, both sides
 * re-split exactly with the expense's tie-break (`convertExpense`), money received signed
 * negative.
 *
 * @param expense amounts in minor units of `expense.currency_id`
 * @returns amounts in minor units of the event currency
 * @throws RangeError when the amount is not whole minor units or a side is empty
 */
export function expenseEntry(expense: ExpenseLike, rates: RateTable): LedgerEntry {
  const converted = convertExpense(expense, rates);
  const sign = signOf(expense);
  return {
    kind: sign < 0 ? 'income' : 'expense',
    id: expense.id,
    amount: converted.amount,
    paid: signed(converted.payer, sign),
    share: signed(converted.participant, sign),
    missing_rate: converted.missingRate ? expense.currency_id : null,
  };
}

/**
 * A payment as a ledger entry: its payer paid the converted amount, its payee received it.
 *
 * @param payment its amount in minor units of `payment.currency_id`
 * @returns amounts in minor units of the event currency
 */
export function paymentEntry(payment: PaymentLike, rates: RateTable): LedgerEntry {
  const { amount, missingRate } = convertToEventCurrency(
    payment.amount,
    payment.currency_id,
    rates,
  );
  return {
    kind: 'payment',
    id: payment.id,
    amount,
    paid: [{ user_id: payment.payer_id, amount }],
    share: [{ user_id: payment.payee_id, amount }],
    missing_rate: missingRate ? payment.currency_id : null,
  };
}

/**
 * How much an entry moves one person's balance, and its two parts.
 *
 * @returns minor units of the event currency; all 0 when the entry does not name them
 */
export function entryEffect(
  entry: LedgerEntry,
  personId: string,
): { paid: number; share: number; effect: number } {
  let paid = 0;
  let share = 0;
  for (const line of entry.paid) if (line.user_id === personId) paid += line.amount;
  for (const line of entry.share) if (line.user_id === personId) share += line.amount;
  return { paid, share, effect: paid - share };
}

/** What an event spent, received and paid back, in minor units of the event currency. */
export interface LedgerTotals {
  /**
   * "Total spent": the expenses' converted amounts added up. Money received (refunds, deposits
   * returned…) is not taken off: it is `received`, told apart; payments only move money within
   * the group, so they are not spending either.
   */
  spent: number;
  spent_count: number;
  /** The incomes' converted amounts added up (positive). */
  received: number;
  received_count: number;
  /** The payments' converted amounts added up. */
  paid_back: number;
  payment_count: number;
}

/** Totals of no entry, to add entries to with `addToTotals`. */
export function emptyTotals(): LedgerTotals {
  return {
    spent: 0,
    spent_count: 0,
    received: 0,
    received_count: 0,
    paid_back: 0,
    payment_count: 0,
  };
}

/** Adds one entry's converted amount to the totals of its kind (see `ledgerTotals`). */
export function addToTotals(totals: LedgerTotals, entry: LedgerEntry): void {
  if (entry.kind === 'expense') {
    totals.spent += entry.amount;
    totals.spent_count += 1;
  } else if (entry.kind === 'income') {
    totals.received += entry.amount;
    totals.received_count += 1;
  } else {
    totals.paid_back += entry.amount;
    totals.payment_count += 1;
  }
}

/**
 * The one definition of an event's totals ("Total spent" on the home, in the statistics, the
 * statement and an import's preview): each entry's converted amount, added up by kind.
 *
 * @returns minor units of the event currency
 * @throws RangeError when a total is past 2^53 − 1 minor units
 */
export function ledgerTotals(entries: Iterable<LedgerEntry>): LedgerTotals {
  const totals = emptyTotals();
  for (const entry of entries) addToTotals(totals, entry);
  return checkedTotals(totals);
}

/**
 * The totals, once each is known to count every minor unit.
 *
 * @throws RangeError when a total is past 2^53 − 1 minor units
 */
export function checkedTotals(totals: LedgerTotals): LedgerTotals {
  assertMinorUnits(totals.spent, 'total spent');
  assertMinorUnits(totals.received, 'total received');
  assertMinorUnits(totals.paid_back, 'total paid back');
  return totals;
}
