import type { Payment } from '@quits/contract';
import { useEventChange } from '@web/offline/use-event-change';

export interface PaymentInput {
  payer_id: string;
  payee_id: string;
  amount: number;
  title: string;
}

/** "Mark as paid": a payment with a new client id, so that a replayed call is applied once. */
export const useRecordPayment = (eventId: string, whoAmI: string | null) =>
  useEventChange<PaymentInput, Payment>(eventId, whoAmI, (input) => ({
    kind: 'payment.save',
    body: { id: crypto.randomUUID(), ...input },
  }));
