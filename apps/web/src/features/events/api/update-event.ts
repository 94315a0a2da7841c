import type { Event, EventUpdate } from '@quits/contract';
import { bodyWithBase, eventBase } from '../../../offline/edit-base';
import { useServerEventAtStart } from '../../../offline/server-event';
import { useEventChange } from '../../../offline/use-event-change';
import { rememberEvent } from '../local-events';

/**
 * PUT /events/{id}: only the fields given change; `currency_rates` replaces the whole list. It
 * carries the settings as the server had them when the screen opened (its base), so that the
 * server merges it with other devices' changes, each rate on its own.
 */
export function useUpdateEvent(eventId: string, whoAmI: string | null) {
  const server = useServerEventAtStart(eventId);
  const mutation = useEventChange<EventUpdate, Event>(eventId, whoAmI, (body) => ({
    kind: 'event.update',
    body: 'base' in body ? body : bodyWithBase(body, server && eventBase(server)),
  }));
  return {
    ...mutation,
    mutate: (change: EventUpdate, options?: Parameters<typeof mutation.mutate>[1]) =>
      mutation.mutate(change, {
        ...options,
        onSuccess: (outcome, ...rest) => {
          if (!outcome.queued) rememberEvent(outcome.data);
          options?.onSuccess?.(outcome, ...rest);
        },
      }),
  };
}
