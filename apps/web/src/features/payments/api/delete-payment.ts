import type { Payment } from '@quits/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { eventKeys } from '../../events/api/event-keys';

/** DELETE /event/{id}/payments/{paymentId} (soft; the history can restore it). */
export function useDeletePayment(eventId: string, whoAmI: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) =>
      apiRequest<Payment>(
        `/event/${encodeURIComponent(eventId)}/payments/${encodeURIComponent(paymentId)}`,
        { method: 'DELETE', whoAmI },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
  });
}
