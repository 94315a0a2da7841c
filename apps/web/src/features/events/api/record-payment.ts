import type { Payment } from '@quits/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { eventKeys } from './event-keys';

export interface PaymentInput {
  payer_id: string;
  payee_id: string;
  amount: number;
  title: string;
}

/** POST /event/{id}/payments with a client id, so that a retried call is applied once. */
export function useRecordPayment(eventId: string, whoAmI: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentInput) =>
      apiRequest<Payment>(`/event/${encodeURIComponent(eventId)}/payments`, {
        method: 'POST',
        body: { id: crypto.randomUUID(), ...input },
        whoAmI,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
  });
}
