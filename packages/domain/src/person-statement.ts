import type { BalancesInput } from './balances';
import { convertSide, convertTotal, signOf } from './expense-conversion';
import { convertToEventCurrency } from './rates';

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
 * order given. Amounts are converted exactly as `computeBalances` converts them, so the effects
 * add up to that person's balance to the minor unit.
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
  const sumFor = (
    side: readonly { user_id: string; amount: number }[],
    converted: number[] | null,
  ) =>
    side.reduce(
      (sum, line, i) =>
        line.user_id === personId
          ? sum + (converted === null ? line.amount : (converted[i] ?? 0))
          : sum,
      0,
    );
  for (const expense of input.expenditures) {
    const touches =
      expense.payer.some((line) => line.user_id === personId) ||
      expense.participant.some((line) => line.user_id === personId);
    if (!touches) continue;
    const { amount: total } = convertTotal(expense, rates);
    const same = expense.currency_id === rates.eventCurrency.id;
    const sign = signOf(expense);
    const paid = sign * sumFor(expense.payer, convertSide(total, expense.payer, same, expense));
    const share =
      sign * sumFor(expense.participant, convertSide(total, expense.participant, same, expense));
    lines.push({ kind: 'expense', id: expense.id, paid, received: share, effect: paid - share });
  }
  for (const payment of input.payments) {
    if (payment.payer_id !== personId && payment.payee_id !== personId) continue;
    const { amount } = convertToEventCurrency(payment.amount, payment.currency_id, rates);
    const paid = payment.payer_id === personId ? amount : 0;
    const received = payment.payee_id === personId ? amount : 0;
    lines.push({ kind: 'payment', id: payment.id, paid, received, effect: paid - received });
  }
  return lines;
}
