import type { Expenditure, ExpenditureBody } from '@quits/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { eventKeys } from '../../events/api/event-keys';

/** POST /event/{id}/expenditure: creates or updates by the draft's id, so a retry applies once. */
export function useSaveExpense(eventId: string, whoAmI: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpenditureBody) =>
      apiRequest<Expenditure>(`/event/${encodeURIComponent(eventId)}/expenditure`, {
        method: 'POST',
        body,
        whoAmI,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
  });
}
