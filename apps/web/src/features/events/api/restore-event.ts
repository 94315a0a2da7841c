import type { Event } from '@quits/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/http';
import { rememberEvent } from '../local-events';
import { eventKeys } from './event-keys';

/**
 * POST /events/{id}/restore: brings a deleted event back for everyone, with all it held, within
 * 30 days of its delete. Online only, as the delete is. Usable outside a component: the
 * start page's "Undo" runs after the settings that deleted the event have closed.
 */
export async function restoreEvent(
  queryClient: QueryClient,
  eventId: string,
  whoAmI: string | null,
): Promise<Event> {
  const event = await apiRequest<Event>(`/events/${encodeURIComponent(eventId)}/restore`, {
    method: 'POST',
    whoAmI,
  });
  rememberEvent(event);
  queryClient.setQueryData(eventKeys.detail(eventId), event);
  await queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
  return event;
}

export function useRestoreEvent(eventId: string, whoAmI: string | null) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => restoreEvent(queryClient, eventId, whoAmI) });
}
