import {
  type Event,
  type Expenditure,
  type ExpenditureBase,
  type ExpenditureBody,
  expenditureSchema,
  type Payment,
  type PaymentBase,
  type PaymentBody,
  paymentSchema,
} from '@quits/contract';
import {
  expenseMergeRules,
  type FieldConflict,
  type MergeRules,
  mergeEdit,
  paymentMergeRules,
  settleConflicts,
} from '@quits/domain';
import { applyCommand } from './apply-command';
import type { Command } from './commands';
import { expenseBase, paymentBase } from './edit-base';
import { type ConflictRefusal, isConflict } from './refusal';
import { expenseOfBody, paymentOfBody } from './settle-change';

/**
 * A refused save reopened in its form ("Edit"): the entry to fill the form with, and the base
 * its next save carries. For a conflict, that is the entry as the server holds it now with every
 * change this device made on top (the person then decides field by field in the form), measured
 * against the server's entry; for any other refusal (a removed person, a field error), the change
 * as it was, with its own base.
 */
export interface RefusedEdit<Entry, Base> {
  entry: Entry;
  base: Base | undefined;
}

/**
 * The device's edit over `current`: its conflicting fields first made its own ("keep mine"),
 * then merged by the domain. A merge that still conflicts (amount, payers and shares that no
 * longer add up) takes the device's edit whole.
 */
function mineOnCurrent<T extends object>(
  rules: MergeRules<T>,
  edit: { base: T; mine: T },
  conflicts: readonly FieldConflict[],
  current: T,
): T {
  const settled = settleConflicts(rules, edit, conflicts, 'mine');
  const merged = mergeEdit(rules, settled.base, settled.mine, current);
  return merged.conflicts.length > 0 ? edit.mine : merged.merged;
}

const expenseRules: MergeRules<ExpenditureBase> = expenseMergeRules;
const paymentRules: MergeRules<PaymentBase> = paymentMergeRules;

/** The expense a refused `expense.save` stands for, in the event `event` (the local copy). */
export function refusedExpenseEdit(
  command: Command,
  event: Event,
): RefusedEdit<Expenditure, ExpenditureBase> | null {
  const { change } = command;
  if (change.kind !== 'expense.save') return null;
  const asSent = applyCommand(event, { ...command, rejected: undefined }).expenditures.find(
    (expense) => expense.id === change.body.id,
  );
  if (!asSent) return null;
  const onCurrent =
    isConflict(command.rejected) && change.body.base
      ? expenseOnCurrent(change.body, change.body.base, command.rejected)
      : null;
  return onCurrent ?? { entry: asSent, base: change.body.base };
}

/**
 * An expense edit over the server's current expense (the conflict's `current`), measured
 * against it; null when the answer did not carry a readable expense.
 */
export function expenseOnCurrent(
  body: ExpenditureBody,
  base: ExpenditureBase,
  refusal: ConflictRefusal,
): RefusedEdit<Expenditure, ExpenditureBase> | null {
  const current = expenditureSchema.safeParse(refusal.current);
  if (!current.success) return null;
  const edit = { base, mine: expenseOfBody(body, base) };
  const now = expenseBase(current.data);
  const entry = mineOnCurrent(expenseRules, edit, refusal.conflicts, now);
  return { entry: { ...current.data, ...entry }, base: now };
}

/** The payment a refused `payment.save` stands for, in the event `event` (the local copy). */
export function refusedPaymentEdit(
  command: Command,
  event: Event,
): RefusedEdit<Payment, PaymentBase> | null {
  const { change } = command;
  if (change.kind !== 'payment.save') return null;
  const asSent = applyCommand(event, { ...command, rejected: undefined }).payments.find(
    (payment) => payment.id === change.body.id,
  );
  if (!asSent) return null;
  const onCurrent =
    isConflict(command.rejected) && change.body.base
      ? paymentOnCurrent(change.body, change.body.base, command.rejected)
      : null;
  return onCurrent ?? { entry: asSent, base: change.body.base };
}

/** A payment edit over the server's current payment, measured against it (as for expenses). */
export function paymentOnCurrent(
  body: PaymentBody,
  base: PaymentBase,
  refusal: ConflictRefusal,
): RefusedEdit<Payment, PaymentBase> | null {
  const current = paymentSchema.safeParse(refusal.current);
  if (!current.success) return null;
  const edit = { base, mine: paymentOfBody(body, base) };
  const now = paymentBase(current.data);
  const entry = mineOnCurrent(paymentRules, edit, refusal.conflicts, now);
  return { entry: { ...current.data, ...entry }, base: now };
}
