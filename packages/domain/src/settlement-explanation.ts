import type { BalanceRow } from './balances';
import { settlesWithFewest, type Transfer } from './settlement';

/**
 * Why one suggested transfer: where the payer's debt and the payee's credit come from (their
 * balance rows: paid, share, payments made and received), and the payer's and the payee's part
 * in the rest of the plan.
 */
export interface TransferExplanation {
  transfer: Transfer;
  from: BalanceRow;
  to: BalanceRow;
  /** The plan's transfers from the payer, this one included, largest first. */
  fromPays: Transfer[];
  /** The plan's transfers to the payee, this one included, largest first. */
  toGets: Transfer[];
}

/** The plan that settles an event, explained transfer by transfer. */
export interface PlanExplanation {
  transfers: TransferExplanation[];
  /** How many people owe or are owed: the plan never needs more than one fewer transfers. */
  involved: number;
  /** Whether the plan is the fewest transfers there can be (see `settlesWithFewest`). */
  fewest: boolean;
}

/**
 * Explains a plan from the same balance rows it was made from: every figure is one of those
 * rows' or the plan's own, so the words can never disagree with the balances. The payer's
 * transfers add up to what the payer owes, and the payee's to what the payee is owed.
 *
 * @param rows every person's balance row (`computeBalances`)
 * @param transfers the plan made from those rows' balances (`settle`)
 * @throws RangeError when a transfer names someone without a row
 */
export function explainPlan(
  rows: readonly BalanceRow[],
  transfers: readonly Transfer[],
): PlanExplanation {
  const byPerson = new Map(rows.map((row) => [row.user_id, row]));
  const rowOf = (id: string) => {
    const row = byPerson.get(id);
    if (!row) throw new RangeError(`${id} is in the plan but has no balance`);
    return row;
  };
  return {
    transfers: transfers.map((transfer) => ({
      transfer,
      from: rowOf(transfer.from_user_id),
      to: rowOf(transfer.to_user_id),
      fromPays: transfers.filter((other) => other.from_user_id === transfer.from_user_id),
      toGets: transfers.filter((other) => other.to_user_id === transfer.to_user_id),
    })),
    involved: rows.filter((row) => row.balance !== 0).length,
    fewest: settlesWithFewest(rows.map(({ user_id, balance }) => ({ user_id, balance }))),
  };
}
