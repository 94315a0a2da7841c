import type { Event, EventUpdate } from '@quits/contract';
import { useEventChange } from '../../../offline/use-event-change';
import { rememberEvent } from '../local-events';

/** PUT /events/{id}: only the fields given change; `currency_rates` replaces the whole list. */
export function useUpdateEvent(eventId: string, whoAmI: string | null) {
  const mutation = useEventChange<EventUpdate, Event>(eventId, whoAmI, (body) => ({
    kind: 'event.update',
    body,
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
