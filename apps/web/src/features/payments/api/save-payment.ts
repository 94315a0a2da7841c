import type { Payment, PaymentBody } from '@quits/contract';
import { bodyWithBase, paymentBaseIn } from '@web/offline/edit-base';
import { useServerEventAtStart } from '@web/offline/server-event';
import { useEventChange } from '@web/offline/use-event-change';

/**
 * POST /event/{id}/payments: creates or updates by the form's id, so a replay applies once. An
 * update carries its base, the payment as the server had it when the form opened, unless the
 * body brings its own (an edit of a refused change, measured against the server's current one).
 */
export function useSavePayment(eventId: string, whoAmI: string | null, replaces?: string) {
  const server = useServerEventAtStart(eventId);
  return useEventChange<PaymentBody & { id: string }, Payment>(
    eventId,
    whoAmI,
    (body) => ({
      kind: 'payment.save',
      body: 'base' in body ? body : bodyWithBase(body, paymentBaseIn(server, body.id)),
    }),
    replaces,
  );
}
