import type { Event } from '@quits/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, isEventGone } from '@web/lib/http';
import { queuedCommands } from '@web/offline/command-queue';
import { markSynced } from '@web/offline/sync-times';
import { markDeleted } from '../deleted-events';
import { forgetEvent, localEvent, rememberReadEvent } from '../local-events';
import { eventKeys } from './event-keys';

/** Whether this device made the event offline and the server has not heard of it yet. */
const createdOffline = (eventId: string) =>
  queuedCommands().some(
    (command) => command.eventId === eventId && command.change.kind === 'event.create',
  );

/**
 * GET /events/{id}: kept in the local list; a 404 removes it from there (spec §8) unless this
 * device created it offline; a 410 (deleted, still restorable) keeps it there, marked deleted.
 * Without a network, the copy this device last saw stands in.
 */
export async function getEvent(eventId: string, signal?: AbortSignal): Promise<Event> {
  const readSince = performance.now();
  try {
    const event = await apiRequest<Event>(`/events/${encodeURIComponent(eventId)}`, { signal });
    rememberReadEvent(event, readSince);
    markSynced(eventId);
    return event;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && !createdOffline(eventId)) {
      forgetEvent(eventId);
    }
    if (isEventGone(error) && localEvent(eventId)) markDeleted(eventId, error.deletedEvent);
    const known = localEvent(eventId);
    if (error instanceof ApiError && error.status === 0 && known) return known;
    throw error;
  }
}

export const eventQuery = (eventId: string) =>
  queryOptions<Event>({
    queryKey: eventKeys.detail(eventId),
    queryFn: ({ signal }) => getEvent(eventId, signal),
    // What this device last saw shows at once while the server answers.
    placeholderData: (previous) => previous ?? localEvent(eventId),
    // An answer this recent is not asked for again when a screen opens: the first screen's,
    // read just before it renders (app/first-screen.ts). Live updates refresh it when it changes.
    staleTime: 5_000,
  });
