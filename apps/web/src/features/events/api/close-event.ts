import type { Event } from '@quits/contract';
import { useEventChange } from '@web/offline/use-event-change';
import { rememberEvent } from '../local-events';

/**
 * POST /events/{id}/close (true) or /reopen (false), as a queued change: offline it waits and
 * the event shows closed (or open) at once; replayed, it is applied once.
 */
export function useCloseEvent(eventId: string, whoAmI: string | null) {
  const mutation = useEventChange<boolean, Event>(eventId, whoAmI, (closed) => ({
    kind: 'event.close',
    closed,
  }));
  return {
    ...mutation,
    mutate: (closed: boolean) =>
      mutation.mutate(closed, {
        // The drawer and the start page sort closed events apart at once.
        onSuccess: (outcome) => {
          if (!outcome.queued) rememberEvent(outcome.data);
        },
      }),
  };
}
