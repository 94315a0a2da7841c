import type { ExpenseLike } from './expense-conversion';
import { convertSide, convertTotal, signOf } from './expense-conversion';
import { assertMinorUnits } from './money';
import type { RateTable } from './rates';
import { convertToEventCurrency } from './rates';

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
}

/**
 * Computes every person's balance in the event currency (PRODUCT §5.1):
 * balance = paid − share + payments_made − payments_received. Each foreign expense is converted
 * once and re-split exactly (as `convertExpense` does), so the balances always sum to exactly 0.
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

  const eventCurrencyId = rates.eventCurrency.id;
  for (const expense of input.expenditures) {
    // The same steps as convertExpense, adding straight into the rows: no line objects.
    const { amount: total, missingRate } = convertTotal(expense, rates);
    if (missingRate) missing.add(expense.currency_id);
    const sameCurrency = expense.currency_id === eventCurrencyId;
    // Money received counts with its sign turned: its holder "paid" less, its sharers owe less.
    const sign = signOf(expense);
    const paid = convertSide(total, expense.payer, sameCurrency, expense);
    let i = 0;
    for (const line of expense.payer) {
      rowOf(line.user_id).paid += sign * (paid === null ? line.amount : (paid[i++] ?? 0));
    }
    const shares = convertSide(total, expense.participant, sameCurrency, expense);
    i = 0;
    for (const line of expense.participant) {
      rowOf(line.user_id).share += sign * (shares === null ? line.amount : (shares[i++] ?? 0));
    }
  }
  for (const payment of input.payments) {
    const { amount, missingRate } = convertToEventCurrency(
      payment.amount,
      payment.currency_id,
      rates,
    );
    if (missingRate) missing.add(payment.currency_id);
    rowOf(payment.payer_id).payments_made += amount;
    rowOf(payment.payee_id).payments_received += amount;
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
  return { balances, missing_rates: [...missing].sort() };
}
