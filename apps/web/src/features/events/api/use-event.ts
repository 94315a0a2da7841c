import type { Event } from '@quits/contract';
import { useQuery } from '@tanstack/react-query';
import { isEventGone } from '@web/lib/http';
import { applyPending, eventOfCreate } from '@web/offline/apply-command';
import { useQueue } from '@web/offline/command-queue';
import { useMemo } from 'react';
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
  // Deleted on another device while open: the copy on screen gives way to the deleted screen.
  const gone = isEventGone(query.error);
  const data = useMemo(() => {
    if (gone) return undefined;
    const createCommand = queue.find(
      (command) => command.eventId === eventId && command.change.kind === 'event.create',
    );
    const base = query.data ?? (createCommand ? eventOfCreate(createCommand) : null);
    return base ? applyPending(base, queue) : undefined;
  }, [query.data, queue, eventId, gone]);
  return { data, error: data ? null : query.error };
}
