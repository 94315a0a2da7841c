import { mirrorWhoAmI } from '@web/lib/choice-cookies';
import { readStored, STORAGE_KEYS, writeStored } from '@web/lib/storage';
import { useSyncExternalStore } from 'react';
import { isWhoAmIRecords, type WhoAmIRecord, whoAmIOf } from './who-am-i-records';

let records: WhoAmIRecord[] = readStored(STORAGE_KEYS.whoami, isWhoAmIRecords) ?? [];
const listeners = new Set<() => void>();

function save(next: WhoAmIRecord[]): void {
  records = next;
  writeStored(STORAGE_KEYS.whoami, records);
  for (const listener of listeners) listener();
}

export function setWhoAmI(eventId: string, personId: string): void {
  save([
    ...records.filter((record) => record.event_id !== eventId),
    { id: personId, event_id: eventId },
  ]);
  mirrorWhoAmI(eventId, personId);
}

/** Forgets who this device is in an event, when it leaves the event. */
export function forgetWhoAmI(eventId: string): void {
  save(records.filter((record) => record.event_id !== eventId));
  mirrorWhoAmI(eventId, null);
}

/** Tells the server who this device is in each event, for devices that said it before it asked. */
export function mirrorAllWhoAmI(): void {
  for (const record of records) mirrorWhoAmI(record.event_id, record.id);
}

/** The person this device is in the event, or null until it says. */
export function whoAmI(eventId: string): string | null {
  return whoAmIOf(records, eventId);
}

/** `whoAmI`, following changes. */
export function useWhoAmI(eventId: string): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => whoAmI(eventId),
    // On the server too: it renders with what the request's cookie says (src/ssr).
    () => whoAmI(eventId),
  );
}
