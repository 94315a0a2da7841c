import type { Payment } from '@quits/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useEventChange } from '@web/offline/use-event-change';
import { eventKeys } from './event-keys';

export interface PaymentInput {
  /** Chosen by the device, so that a replayed call is applied once and "Undo" knows what to take back. */
  id: string;
  payer_id: string;
  payee_id: string;
  amount: number;
  title: string;
}

/** "Mark as paid": POST …/payments, straight away or through the offline queue. */
export const useRecordPayment = (eventId: string, whoAmI: string | null) =>
  useEventChange<PaymentInput, Payment>(eventId, whoAmI, (body) => ({
    kind: 'payment.save',
    body,
  }));

/**
 * "Undo" of a "Mark as paid", run by a notice after the tap: the payment is deleted (softly, as
 * the form's Delete does: the history can bring it back). Queued behind the payment when that
 * one is still waiting, so the two reach the server in order.
 */
export async function takeBackPayment(
  queryClient: QueryClient,
  eventId: string,
  whoAmI: string | null,
  paymentId: string,
): Promise<{ queued: boolean }> {
  // Loaded with the first change, as useEventChange does: the home's first load stays lighter.
  const { sendChange } = await import('@web/offline/send-change');
  const outcome = await sendChange(eventId, { kind: 'payment.delete', paymentId }, whoAmI);
  await queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
  return outcome;
}
