import type { Event } from '@quits/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/http';
import { forgetEvent, localEvent, rememberEvent } from '../local-events';
import { eventKeys } from './event-keys';

/** GET /events/{id}: kept in the local list; a 404 removes it from there (spec §8). */
export async function getEvent(eventId: string, signal?: AbortSignal): Promise<Event> {
  try {
    const event = await apiRequest<Event>(`/events/${encodeURIComponent(eventId)}`, { signal });
    rememberEvent(event);
    return event;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) forgetEvent(eventId);
    throw error;
  }
}

export const eventQuery = (eventId: string) =>
  queryOptions<Event>({
    queryKey: eventKeys.detail(eventId),
    queryFn: ({ signal }) => getEvent(eventId, signal),
    // What this device last saw shows at once while the server answers.
    placeholderData: (previous) => previous ?? localEvent(eventId),
  });
