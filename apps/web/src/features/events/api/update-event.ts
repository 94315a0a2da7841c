import type { Event, EventUpdate } from '@quits/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { rememberEvent } from '../local-events';
import { eventKeys } from './event-keys';

/** PUT /events/{id}: only the fields given change; `currency_rates` replaces the whole list. */
export function useUpdateEvent(eventId: string, whoAmI: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: EventUpdate) =>
      apiRequest<Event>(`/events/${encodeURIComponent(eventId)}`, {
        method: 'PUT',
        body: change,
        whoAmI,
      }),
    onSuccess: (event) => {
      rememberEvent(event);
      queryClient.setQueryData(eventKeys.detail(eventId), event);
      // Rates and the event currency change every balance.
      return queryClient.invalidateQueries({ queryKey: eventKeys.balances(eventId) });
    },
  });
}
