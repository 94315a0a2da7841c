import type { Event } from '@quits/contract';
import { useQuery } from '@tanstack/react-query';
import { firstScreenSettled } from '@web/lib/first-screen-settled';
import { isEventGone } from '@web/lib/http';
import {
  applyPending,
  eventOfCreate,
  loadRecurrenceApplier,
  recurrenceApplierLoaded,
} from '@web/offline/apply-command';
import { useQueue } from '@web/offline/command-queue';
import { useEffect, useMemo, useState } from 'react';
import { eventQuery } from './get-event';

/** An event as this device shows it, and why it cannot when it cannot. */
export interface EventView {
  data: Event | undefined;
  error: Error | null;
}

/**
 * The event with the changes still waiting in the offline queue applied on top, so that what
 * this device did shows at once, online or not. Every screen of an event reads it from here.
 */
export function useEvent(eventId: string): EventView {
  const query = useQuery(eventQuery(eventId));
  const queue = useQueue();
  const recurrenceShown = useRecurrenceApplier(queue);
  // Deleted on another device while open: the copy on screen gives way to the deleted screen.
  const gone = isEventGone(query.error);
  // biome-ignore lint/correctness/useExhaustiveDependencies: waiting recurring expenses show once their rules have loaded
  const data = useMemo(() => {
    if (gone) return undefined;
    const createCommand = queue.find(
      (command) => command.eventId === eventId && command.change.kind === 'event.create',
    );
    const base = query.data ?? (createCommand ? eventOfCreate(createCommand) : null);
    return base ? applyPending(base, queue) : undefined;
  }, [query.data, queue, eventId, gone, recurrenceShown]);
  return { data, error: data ? null : query.error };
}

/**
 * Whether waiting recurring expenses can show: their rules load at once when one waits, else
 * once the first screen has settled, so that a first visit never downloads them.
 */
function useRecurrenceApplier(queue: ReturnType<typeof useQueue>): boolean {
  const [loaded, setLoaded] = useState(recurrenceApplierLoaded);
  const waiting = queue.some((command) => command.change.kind.startsWith('recurrence.'));
  useEffect(() => {
    if (loaded) return;
    let current = true;
    void (waiting ? Promise.resolve() : firstScreenSettled())
      .then(loadRecurrenceApplier)
      .then(() => {
        if (current) setLoaded(true);
      });
    return () => {
      current = false;
    };
  }, [loaded, waiting]);
  return loaded;
}
