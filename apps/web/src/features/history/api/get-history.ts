import type { ActivityPage } from '@quits/contract';
import { LIMITS } from '@quits/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { eventKeys } from '@web/features/events';
import { apiAnswer } from '@web/lib/http';

/**
 * GET /events/{id}/activity page by page, newest first: each page holds 50 changes and the next
 * one starts before the last id seen. A page shorter than 50 is the last. Each page also says
 * how the history names this device (`device_id`), so that its own changes read "this device".
 */
export const historyQuery = (eventId: string) =>
  infiniteQueryOptions({
    queryKey: eventKeys.history(eventId),
    queryFn: ({ pageParam, signal }) =>
      apiAnswer<ActivityPage>(
        `/events/${encodeURIComponent(eventId)}/activity${pageParam === null ? '' : `?before=${pageParam}`}`,
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (page) =>
      page.data.length < LIMITS.activityPageSize ? null : (page.data.at(-1)?.id ?? null),
  });
