import type { Expenditure } from '@quits/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { eventKeys } from '../../events/api/event-keys';

/** DELETE /event/{id}/expenditure/{expenseId} (soft; the history can restore it). */
export function useDeleteExpense(eventId: string, whoAmI: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expenseId: string) =>
      apiRequest<Expenditure>(
        `/event/${encodeURIComponent(eventId)}/expenditure/${encodeURIComponent(expenseId)}`,
        { method: 'DELETE', whoAmI },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
  });
}
