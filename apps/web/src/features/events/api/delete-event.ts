import { type EventSummary, LIMITS } from '@quits/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/http';
import { markDeleted } from '../deleted-events';
import { eventKeys } from './event-keys';

const DAY_MS = 86_400_000;

/**
 * DELETE /events/{id}: the event is gone for everyone, restorable for 30 days; this device's
 * list keeps it, marked deleted, so that it can be restored from there.
 */
export function useDeleteEvent(eventId: string, whoAmI: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<EventSummary>(`/events/${encodeURIComponent(eventId)}`, {
        method: 'DELETE',
        whoAmI,
      }),
    onSuccess: (summary) => {
      const deletedAt = summary.deleted_at ?? new Date().toISOString();
      const until = Date.parse(deletedAt) + LIMITS.deletedEventKeptDays * DAY_MS;
      markDeleted(eventId, {
        deleted_at: deletedAt,
        restorable_until: new Date(until).toISOString(),
      });
      queryClient.removeQueries({ queryKey: eventKeys.detail(eventId) });
    },
  });
}
