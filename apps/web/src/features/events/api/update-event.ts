import type { Event, EventBase, EventUpdate } from '@quits/contract';
import { settingsAfter } from '@quits/domain';
import type { Change } from '@web/offline/commands';
import { bodyWithBase, eventBase } from '@web/offline/edit-base';
import { useServerEventAtStart } from '@web/offline/server-event';
import { useEventChange } from '@web/offline/use-event-change';
import { useRef } from 'react';
import { rememberEvent } from '../local-events';

/**
 * PUT /events/{id}: only the fields given change; `currency_rates` replaces the whole list. It
 * carries the settings as the server had them when the screen opened (its base), so that the
 * server merges it with other devices' changes, each rate on its own. After each save the base
 * moves on to what that save left, so that a second save on the same screen is measured against
 * the first rather than taken for a conflict with it.
 */
export function useUpdateEvent(eventId: string, whoAmI: string | null) {
  const atStart = useServerEventAtStart(eventId);
  const base = useRef<EventBase | undefined>(atStart && eventBase(atStart));
  const changeOf = (body: EventUpdate): Change => ({
    kind: 'event.update',
    body: 'base' in body ? body : bodyWithBase(body, base.current),
  });
  const mutation = useEventChange<EventUpdate, Event>(eventId, whoAmI, changeOf);
  return {
    ...mutation,
    /** The change a save of `body` sends, with its base: what a conflict's choice settles. */
    changeOf,
    mutate: (change: EventUpdate, options?: Parameters<typeof mutation.mutate>[1]) =>
      mutation.mutate(change, {
        ...options,
        onSuccess: (outcome, ...rest) => {
          if (!outcome.queued) rememberEvent(outcome.data);
          base.current = outcome.queued
            ? base.current && settingsAfter(base.current, change)
            : eventBase(outcome.data);
          options?.onSuccess?.(outcome, ...rest);
        },
      }),
  };
}
