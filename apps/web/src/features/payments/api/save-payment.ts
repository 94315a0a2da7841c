import type { Payment, PaymentBody } from '@quits/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { eventKeys } from '../../events/api/event-keys';

/** POST /event/{id}/payments: creates or updates by the form's id, so a retry applies once. */
export function useSavePayment(eventId: string, whoAmI: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentBody) =>
      apiRequest<Payment>(`/event/${encodeURIComponent(eventId)}/payments`, {
        method: 'POST',
        body,
        whoAmI,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
  });
}
