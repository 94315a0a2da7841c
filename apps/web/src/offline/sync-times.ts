import { createStore, get, set } from 'idb-keyval';
import { useSyncExternalStore } from 'react';

/** When this device last heard each event from the server, for the offline notice. */
const store = createStore('quits-sync', 'times');
const KEY = 'synced';

let times: Readonly<Record<string, string>> = {};
const listeners = new Set<() => void>();

export async function loadSyncTimes(): Promise<void> {
  times = (await get<Record<string, string>>(KEY, store)) ?? {};
}

export function markSynced(eventId: string): void {
  times = { ...times, [eventId]: new Date().toISOString() };
  for (const listener of listeners) listener();
  void set(KEY, times, store).catch(() => undefined);
}

/** The ISO time the event last came from the server, or null when never on this device. */
export function useSyncedAt(eventId: string): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => times[eventId] ?? null,
    () => times[eventId] ?? null,
  );
}
