import type { Expenditure, Payment } from '@quits/contract';
import type { QueryClient } from '@tanstack/react-query';
import { eventKeys } from '@web/features/events';
import type { Change } from '@web/offline/commands';
import { type ChangeOutcome, sendChange } from '@web/offline/send-change';
import { useEventChange } from '@web/offline/use-event-change';

/** A deleted expense or payment, as it was when deleted: what a restore brings back. */
export type RestoreTarget =
  | { kind: 'expense'; expense: Expenditure }
  | { kind: 'payment'; payment: Payment };

function changeOf(target: RestoreTarget): Change {
  return target.kind === 'expense'
    ? { kind: 'expense.restore', expense: target.expense }
    : { kind: 'payment.restore', payment: target.payment };
}

/**
 * POST …/expenditure/{id}/restore or …/payments/{id}/restore, as a queued change: offline it
 * waits in the queue and the entry shows again at once; replayed, it is applied once.
 */
export const useRestoreEntry = (eventId: string, whoAmI: string | null) =>
  useEventChange<RestoreTarget>(eventId, whoAmI, changeOf);

/**
 * The same restore outside a component's life: a snackbar's "Undo" runs after the form that
 * deleted the entry has closed.
 */
export async function restoreEntry(
  queryClient: QueryClient,
  eventId: string,
  whoAmI: string | null,
  target: RestoreTarget,
): Promise<ChangeOutcome<unknown>> {
  const outcome = await sendChange(eventId, changeOf(target), whoAmI);
  await queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
  return outcome;
}
