import { mirrorWhoAmI } from '@web/lib/choice-cookies';
import { readStored, STORAGE_KEYS, writeStored } from '@web/lib/storage';
import { useSyncExternalStore } from 'react';

/** The spec's `whoami` list: which person this device is, per event. */
interface WhoAmIRecord {
  id: string;
  event_id: string;
}

const isRecords = (value: unknown): value is WhoAmIRecord[] =>
  Array.isArray(value) &&
  value.every((item) => typeof item?.id === 'string' && typeof item?.event_id === 'string');

let records: WhoAmIRecord[] = readStored(STORAGE_KEYS.whoami, isRecords) ?? [];
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
  return records.find((record) => record.event_id === eventId)?.id ?? null;
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
