import type { ExpenseLike } from './expense-conversion';
import type { LedgerTotals } from './ledger';
import { addToTotals, checkedTotals, emptyTotals, expenseEntry, paymentEntry } from './ledger';
import { assertMinorUnits } from './money';
import type { RateTable } from './rates';

/** The fields of a payment that balances need (API objects fit as they are). */
export interface PaymentLike {
  id: string;
  payer_id: string;
  payee_id: string;
  amount: number;
  currency_id: string;
}

/** One person's totals, all in minor units of the event currency. */
export interface BalanceRow {
  user_id: string;
  /** What they paid for the group, less what they received for it (income). */
  paid: number;
  /** Their shares of what was spent, less their shares of what was received. */
  share: number;
  payments_made: number;
  payments_received: number;
  /** paid − share + payments_made − payments_received: above 0 is owed money, below 0 owes. */
  balance: number;
}

export interface BalancesInput {
  /** The event's people, in the order the rows should come in. */
  user_ids: readonly string[];
  expenditures: readonly ExpenseLike[];
  payments: readonly PaymentLike[];
  rates: RateTable;
}

export interface Balances {
  balances: BalanceRow[];
  /** Ids of the currencies counted without a rate (their major amount kept), sorted. */
  missing_rates: string[];
  /** What was spent, received and paid back, from the same entries (see `ledgerTotals`). */
  totals: LedgerTotals;
}

/**
 * Computes every person's balance in the event currency (PRODUCT §5.1):
 * balance = paid − share + payments_made − payments_received, adding up the event's ledger
 * entries (`expenseEntry`, `paymentEntry`): each foreign expense is converted once and re-split
 * exactly, so the balances always sum to exactly 0. The event's totals come from the same pass.
 *
 * Rows follow `user_ids`; anyone named by an expense or payment but missing from `user_ids`
 * gets a row appended, so that the zero sum still shows.
 *
 * @param input amounts in minor units of each expense's or payment's own currency
 * @returns rows in minor units of the event currency, and the currencies that lacked a rate
 * @throws RangeError when a converted amount, a total or a balance is past 2^53 − 1 minor units
 */
export function computeBalances(input: BalancesInput): Balances {
  const { rates } = input;
  const rows = new Map<string, BalanceRow>();
  const rowOf = (user_id: string): BalanceRow => {
    let row = rows.get(user_id);
    if (row === undefined) {
      row = { user_id, paid: 0, share: 0, payments_made: 0, payments_received: 0, balance: 0 };
      rows.set(user_id, row);
    }
    return row;
  };
  for (const user_id of input.user_ids) rowOf(user_id);
  const missing = new Set<string>();
  const totals = emptyTotals();

  for (const expense of input.expenditures) {
    const entry = expenseEntry(expense, rates);
    if (entry.missing_rate !== null) missing.add(entry.missing_rate);
    addToTotals(totals, entry);
    for (const line of entry.paid) rowOf(line.user_id).paid += line.amount;
    for (const line of entry.share) rowOf(line.user_id).share += line.amount;
  }
  for (const payment of input.payments) {
    const entry = paymentEntry(payment, rates);
    if (entry.missing_rate !== null) missing.add(entry.missing_rate);
    addToTotals(totals, entry);
    for (const line of entry.paid) rowOf(line.user_id).payments_made += line.amount;
    for (const line of entry.share) rowOf(line.user_id).payments_received += line.amount;
  }

  const balances = [...rows.values()];
  for (const row of balances) {
    // Each amount is exact, but totals of many large ones can pass 2^53, where a number stops
    // counting every unit: such totals are refused, and the balance is added as integers.
    assertMinorUnits(row.paid, `paid by ${row.user_id}`);
    assertMinorUnits(row.share, `share of ${row.user_id}`);
    assertMinorUnits(row.payments_made, `payments made by ${row.user_id}`);
    assertMinorUnits(row.payments_received, `payments received by ${row.user_id}`);
    const balance =
      BigInt(row.paid) -
      BigInt(row.share) +
      BigInt(row.payments_made) -
      BigInt(row.payments_received);
    row.balance = assertMinorUnits(Number(balance), `balance of ${row.user_id}`);
  }
  return { balances, missing_rates: [...missing].sort(), totals: checkedTotals(totals) };
}
