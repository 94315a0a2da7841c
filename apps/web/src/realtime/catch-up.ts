import type { QueryClient } from '@tanstack/react-query';
import { eventKeys } from '@web/features/events/api/event-keys';
import { useEffect } from 'react';

/**
 * Reads the open event (and its history) afresh. The browser sends the ETag it holds
 * (If-None-Match), so an event that did not change costs a 304 and no body. `joinRunning`: a
 * read already under way will do, rather than be cancelled for a second one.
 */
function readAgain(
  queryClient: QueryClient,
  eventId: string,
  options: { joinRunning: boolean },
): Promise<void> {
  return queryClient.invalidateQueries(
    { queryKey: eventKeys.detail(eventId) },
    { cancelRefetch: !options.joinRunning },
  );
}

/**
 * The channel was joined (a page's first join, or again after a reconnect): what changed while
 * it was not joined is not sent again, so the event is read. A read already under way was sent
 * before the join and may have been answered before a change the channel will not tell of:
 * once it is done, the event is read once more (a 304 when nothing changed).
 */
export async function catchUpAfterJoin(queryClient: QueryClient, eventId: string): Promise<void> {
  const running = queryClient.isFetching({ queryKey: eventKeys.detail(eventId), exact: true }) > 0;
  await readAgain(queryClient, eventId, { joinRunning: true });
  if (running) await readAgain(queryClient, eventId, { joinRunning: true });
}

/**
 * A device that comes back to the app (to the foreground, or online again) may have missed
 * changes: messages sent while a tab slept or had no network are not sent again. It reads the
 * event afresh rather than wait for the next change to arrive.
 */
export function useCatchUpOnReturn(queryClient: QueryClient, eventId: string): void {
  useEffect(() => {
    // A read under way when the device comes online was sent while it was offline: it is
    // bound to fail (and stand in the copy this device kept), so it is replaced.
    const readOnline = () => void readAgain(queryClient, eventId, { joinRunning: false });
    // Back in the foreground, a read under way was sent by a page in use: it will do. A
    // reconnect that follows joins the channel again, which reads once more.
    const readIfShown = () => {
      if (document.visibilityState === 'visible') {
        void readAgain(queryClient, eventId, { joinRunning: true });
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
