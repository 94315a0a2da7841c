import type { EventSummary } from '@quits/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { forgetEvent } from '../local-events';
import { eventKeys } from './event-keys';

/** DELETE /events/{id}: the event is gone for everyone, and leaves this device's list. */
export function useDeleteEvent(eventId: string, whoAmI: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<EventSummary>(`/events/${encodeURIComponent(eventId)}`, {
        method: 'DELETE',
        whoAmI,
      }),
    onSuccess: () => {
      forgetEvent(eventId);
      queryClient.removeQueries({ queryKey: eventKeys.detail(eventId) });
    },
  });
}
