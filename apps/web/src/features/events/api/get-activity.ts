import type { Activity } from '@quits/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/http';
import { eventKeys } from './event-keys';

/** GET /events/{id}/activity: the latest 50 changes, newest first. */
export const activityQuery = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.activity(eventId),
    queryFn: ({ signal }) =>
      apiRequest<Activity[]>(`/events/${encodeURIComponent(eventId)}/activity`, { signal }),
  });
