import { queryClient } from '@web/lib/query-client';

/**
 * The longest the first render waits for the first screen's data: past it, the screen shows its
 * skeleton and fills in as the answers come.
 */
const WAIT_MS = 1_000;

/** The event whose home `path` is, if it is one. */
export function eventOfHome(path: string): string | null {
  const encoded = /^\/event\/([^/]+)\/home$/.exec(path)?.[1];
  try {
    return encoded === undefined ? null : decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/**
 * Reads what the first screen shows before it renders, so that it renders once, filled in, and
 * not as a skeleton first. The answers are usually there already: the first-screen script asked
 * for them as the page loaded (src/lib/preloaded.ts). Never fails: a failed read is the
 * screen's to show.
 */
export function prepareFirstScreen(path: string): Promise<void> {
  const eventId = eventOfHome(path);
  if (eventId === null) return Promise.resolve();
  const ready = Promise.all([
    import('@web/features/events/api/get-event').then(({ eventQuery }) =>
      queryClient.prefetchQuery(eventQuery(eventId)),
    ),
    import('@web/features/currencies/api/get-currencies').then(({ currenciesQuery }) =>
      queryClient.prefetchQuery(currenciesQuery()),
    ),
    import('@web/features/events/components/event-home-page'),
  ]).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([ready, new Promise<void>((resolve) => setTimeout(resolve, WAIT_MS))]);
}
