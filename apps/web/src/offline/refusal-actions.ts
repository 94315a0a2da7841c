import type { Expenditure, Payment } from '@quits/contract';
import { apiRequest } from '@web/lib/http';
import { replaceCommand } from './command-queue';
import type { Command } from './commands';
import { expenseBase, paymentBase } from './edit-base';
import { isConflict } from './refusal';
import { replayQueue } from './replay';
import { type Keep, settleChange } from './settle-change';

/**
 * What the person can do with a refused change besides discarding it: settle a conflict by
 * keeping their values or the other device's, or bring back an entry deleted meanwhile and
 * apply their edit to it. Either puts the change back in its place in the queue and sends it.
 */
export async function settleRefused(command: Command, keep: Keep): Promise<void> {
  if (!isConflict(command.rejected)) return;
  const change = settleChange(command.change, command.rejected.conflicts, keep);
  await replaceCommand(command.id, { ...command, change });
  await replayQueue();
}

/**
 * Restores an expense or payment another device deleted (online: the restore answers the entry
 * as restored), then sends the edit again measured against it, so that only what this device
 * changed is applied.
 */
export async function restoreAndApply(command: Command): Promise<void> {
  const { change } = command;
  const event = encodeURIComponent(command.eventId);
  const options = { method: 'POST' as const, whoAmI: command.whoAmI };
  if (change.kind === 'expense.save') {
    const path = `/event/${event}/expenditure/${encodeURIComponent(change.body.id)}/restore`;
    const restored = await apiRequest<Expenditure>(path, options);
    const body = { ...change.body, base: expenseBase(restored) };
    await replaceCommand(command.id, { ...command, change: { ...change, body } });
  } else if (change.kind === 'payment.save') {
    const path = `/event/${event}/payments/${encodeURIComponent(change.body.id)}/restore`;
    const restored = await apiRequest<Payment>(path, options);
    const body = { ...change.body, base: paymentBase(restored) };
    await replaceCommand(command.id, { ...command, change: { ...change, body } });
  } else {
    return;
  }
  await replayQueue();
}

/** The form a refused change opens in ("Edit"), or null when it has none. */
export function editRoute(command: Command): string | null {
  const { change } = command;
  const event = encodeURIComponent(command.eventId);
  if (change.kind === 'expense.save') return `/event/expense/${event}/${change.body.id}`;
  if (change.kind === 'payment.save') return `/event/payment/${event}/${change.body.id}`;
  return null;
}

/** The router state that tells a form which refused change it edits. */
export interface RefusedEditState {
  refusedCommand: string;
}

export function refusedCommandOf(state: unknown): string | null {
  if (state === null || typeof state !== 'object' || !('refusedCommand' in state)) return null;
  return typeof state.refusedCommand === 'string' ? state.refusedCommand : null;
}
