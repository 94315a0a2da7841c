import type { PaymentDetails, User } from '@quits/contract';
import { useEventChange } from '@web/offline/use-event-change';

export interface PaymentDetailsInput {
  personId: string;
  details: PaymentDetails;
}

/**
 * PUT /event/{event_id}/users/{id}/payment-details: replaces how a person can be paid. Offline,
 * it waits in the queue and the cached event shows the new details at once.
 */
export const useSavePaymentDetails = (eventId: string, whoAmI: string | null) =>
  useEventChange<PaymentDetailsInput, User>(eventId, whoAmI, (input) => ({
    kind: 'person.paymentDetails',
    personId: input.personId,
    details: input.details,
  }));
