import type { Payment, PaymentBody } from '@quits/contract';
import { useEventChange } from '../../../offline/use-event-change';

/** POST /event/{id}/payments: creates or updates by the form's id, so a replay applies once. */
export const useSavePayment = (eventId: string, whoAmI: string | null) =>
  useEventChange<PaymentBody & { id: string }, Payment>(eventId, whoAmI, (body) => ({
    kind: 'payment.save',
    body,
  }));
