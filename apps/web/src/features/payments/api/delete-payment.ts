import { useEventChange } from '@web/offline/use-event-change';

/** DELETE /event/{id}/payments/{paymentId} (soft; the history can restore it). */
export const useDeletePayment = (eventId: string, whoAmI: string | null) =>
  useEventChange<string>(eventId, whoAmI, (paymentId) => ({ kind: 'payment.delete', paymentId }));
