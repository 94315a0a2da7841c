import type { QueryClient } from '@tanstack/react-query';
import { eventKeys } from '@web/features/events/api/event-keys';
import { useEffect } from 'react';
import { syncEvent } from './event-sync';

/** Settles once no read of the event is under way; null when none is. */
function readsDone(queryClient: QueryClient, eventId: string): Promise<void> | null {
  const key = eventKeys.detail(eventId);
  const query = queryClient.getQueryCache().find({ queryKey: key, exact: true });
  if (query?.state.fetchStatus !== 'fetching') return null;
  return new Promise((resolve) => {
    const stop = queryClient.getQueryCache().subscribe((cached) => {
      if (cached.query !== query || query.state.fetchStatus === 'fetching') return;
      stop();
      resolve();
    });
  });
}

/** Asks what changed once no read of the event is under way (at once when none is). */
function syncAfterReads(queryClient: QueryClient, eventId: string): Promise<void> {
  const reads = readsDone(queryClient, eventId);
  return reads
    ? reads.then(() => syncEvent(queryClient, eventId))
    : syncEvent(queryClient, eventId);
}

/**
 * The channel was joined (a page's first join, or again after a reconnect): what changed while
 * it was not joined is not sent again, so the device asks what changed since its version. A
 * read already under way was sent before the join and may have been answered before a change
 * the channel will not tell of: once it is done, the device asks from what it gave.
 */
export function catchUpAfterJoin(queryClient: QueryClient, eventId: string): Promise<void> {
  return syncAfterReads(queryClient, eventId);
}

/**
 * A device that comes back to the app (to the foreground, or online again) may have missed
 * changes: messages sent while a tab slept or had no network are not sent again. It asks what
 * changed since its version rather than wait for the next change to arrive.
 */
export function useCatchUpOnReturn(queryClient: QueryClient, eventId: string): void {
  useEffect(() => {
    // A read under way when the device comes online was sent while it was offline: it is
    // bound to fail (and stand in the copy this device kept), so it is dropped first.
    const readOnline = () =>
      void queryClient
        .cancelQueries({ queryKey: eventKeys.detail(eventId), exact: true })
        .then(() => syncEvent(queryClient, eventId));
    // Back in the foreground, a read under way was sent by a page in use: it will do. A
    // reconnect that follows joins the channel again, which asks once more.
    const readIfShown = () => {
      if (document.visibilityState === 'visible') {
        void syncAfterReads(queryClient, eventId);
      }
    };
    document.addEventListener('visibilitychange', readIfShown);
    window.addEventListener('online', readOnline);
    return () => {
      document.removeEventListener('visibilitychange', readIfShown);
      window.removeEventListener('online', readOnline);
    };
  }, [queryClient, eventId]);
}
