import type { BalancesInput } from './balances';
import { entryEffect, expenseEntry, paymentEntry } from './ledger';

/** One line of a person's statement, in minor units of the event currency. */
export interface StatementLine {
  kind: 'expense' | 'payment';
  /** The expense's or payment's id. */
  id: string;
  /** What they paid for an expense (negative: received, for an income), or sent in a payment. */
  paid: number;
  /** Their share of an expense (negative for an income), or what they received in a payment. */
  received: number;
  /** paid − received: how much this line moves the person's balance. */
  effect: number;
}

/**
 * Every expense and payment that touches one person, with its effect on their balance, in the
 * order given: their part of each ledger entry (`entryEffect`), which `computeBalances` adds up
 * too, so the effects add up to that person's balance to the minor unit.
 *
 * @param personId the person whose statement it is
 * @param input the event as `computeBalances` takes it (`user_ids` is not needed)
 */
export function personStatement(
  personId: string,
  input: Omit<BalancesInput, 'user_ids'>,
): StatementLine[] {
  const { rates } = input;
  const lines: StatementLine[] = [];
  for (const expense of input.expenditures) {
    const touches =
      expense.payer.some((line) => line.user_id === personId) ||
      expense.participant.some((line) => line.user_id === personId);
    if (!touches) continue;
    const { paid, share, effect } = entryEffect(expenseEntry(expense, rates), personId);
    lines.push({ kind: 'expense', id: expense.id, paid, received: share, effect });
  }
  for (const payment of input.payments) {
    if (payment.payer_id !== personId && payment.payee_id !== personId) continue;
    const { paid, share, effect } = entryEffect(paymentEntry(payment, rates), personId);
    lines.push({ kind: 'payment', id: payment.id, paid, received: share, effect });
  }
  return lines;
}
