import type { Event, EventChange, EventChanges } from '@quits/contract';
import { applyEventChanges } from '@quits/contract/apply-event-changes';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { eventKeys } from '@web/features/events/api/event-keys';
import { rememberReadEvent } from '@web/features/events/local-events';
import { apiRequest } from '@web/lib/http';
import { markSynced } from '@web/offline/sync-times';

/**
 * Keeps an open event current at the cost of what changed: a device that holds version N
 * applies the changes of N + 1 in place, and asks the server for what changed since N otherwise
 * (`GET /events/{id}/changes?since=N`), reading the whole event only when it holds no version
 * or is too far behind. Balances and everything else shown are computed from the event, so they
 * follow.
 */

/** The whole event, read again (its ETag makes an unchanged one a 304). */
export function readWhole(
  queryClient: QueryClient,
  eventId: string,
  options: { joinRunning: boolean } = { joinRunning: true },
): Promise<void> {
  return queryClient.invalidateQueries(
    { queryKey: eventKeys.detail(eventId), exact: true },
    { cancelRefetch: !options.joinRunning },
  );
}

/** The history on screen shows the change too: it is read again (only where it shows). */
function refreshHistory(queryClient: QueryClient, eventId: string): void {
  for (const queryKey of [eventKeys.activity(eventId), eventKeys.history(eventId)]) {
    void queryClient.invalidateQueries({ queryKey, exact: true });
  }
}

/**
 * Puts `changes` (oldest first) on the event this device holds; false when they do not follow
 * on from it or cannot be applied in place. Those it holds already are passed over.
 */
function applyChanges(
  queryClient: QueryClient,
  eventId: string,
  changes: readonly EventChange[],
): boolean {
  const key: QueryKey = eventKeys.detail(eventId);
  const held = queryClient.getQueryData<Event>(key);
  if (held?.version === undefined) return false;
  const fresh = changes.filter((change) => change.version > (held.version ?? 0));
  if (fresh.length === 0) return true;
  if (fresh[0]?.version !== held.version + 1) return false;
  const next = applyEventChanges(held, fresh);
  if (!next) return false;
  queryClient.setQueryData(key, next);
  rememberReadEvent(next, performance.now());
  markSynced(eventId);
  refreshHistory(queryClient, eventId);
  return true;
}

const syncing = new Map<string, { run: Promise<void>; again: boolean }>();

/**
 * Brings the event up to date through the changes since the version this device holds. One
 * at a time per event: a call while one runs makes it ask once more when it is done.
 */
export function syncEvent(queryClient: QueryClient, eventId: string): Promise<void> {
  const running = syncing.get(eventId);
  if (running) {
    running.again = true;
    return running.run;
  }
  const state = { run: Promise.resolve(), again: false };
  state.run = (async () => {
    try {
      do {
        state.again = false;
        await syncOnce(queryClient, eventId);
      } while (state.again);
    } finally {
      syncing.delete(eventId);
    }
  })();
  syncing.set(eventId, state);
  return state.run;
}

async function syncOnce(queryClient: QueryClient, eventId: string): Promise<void> {
  const held = queryClient.getQueryData<Event>(eventKeys.detail(eventId));
  if (held?.version === undefined) return readWhole(queryClient, eventId);
  let answer: EventChanges;
  try {
    answer = await apiRequest<EventChanges>(
      `/events/${encodeURIComponent(eventId)}/changes?since=${held.version}`,
    );
  } catch {
    // Offline, gone (410 shows the deleted screen) or held back: the whole read says which.
    return readWhole(queryClient, eventId);
  }
  if (answer.changes === null || !applyChanges(queryClient, eventId, answer.changes)) {
    return readWhole(queryClient, eventId);
  }
  markSynced(eventId);
}

/** Rows of the next version heard so far, per event: a change may send several. */
const heard = new Map<string, EventChange[]>();

/**
 * A live message, as a change: applied in place when it is of the version after the one held
 * (once all of that version's messages came), passed over when held already, and otherwise
 * (missed messages, no version) the event catches up.
 */
export function applyLiveChange(
  queryClient: QueryClient,
  eventId: string,
  change: EventChange | null,
): void {
  const held = queryClient.getQueryData<Event>(eventKeys.detail(eventId))?.version;
  if (change && held !== undefined && change.version <= held) return;
  if (!change || held === undefined || change.version !== held + 1) {
    heard.delete(eventId);
    void syncEvent(queryClient, eventId);
    return;
  }
  const rows = (heard.get(eventId) ?? []).filter((row) => row.version === change.version);
  rows.push(change);
  if (rows.length < change.parts) {
    heard.set(eventId, rows);
    return;
  }
  heard.delete(eventId);
  if (!applyChanges(queryClient, eventId, rows)) void syncEvent(queryClient, eventId);
}
