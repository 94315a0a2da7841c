import type { EventGone } from '@quits/contract';
import { readStored, STORAGE_KEYS, writeStored } from '@web/lib/storage';
import { useSyncExternalStore } from 'react';

/** When an event of this device's list was deleted, and until when it can be restored. */
export type DeletedMark = Pick<EventGone['deleted_event'], 'deleted_at' | 'restorable_until'>;

const isMarks = (value: unknown): value is Record<string, DeletedMark> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The events of the local list that the server says were deleted, so that the start page can
 * mark them and offer their restore instead of dropping them (they are kept for 30 days).
 */
let marks: Record<string, DeletedMark> = readStored(STORAGE_KEYS.deletedEvents, isMarks) ?? {};
const listeners = new Set<() => void>();

function save(next: Record<string, DeletedMark>): void {
  marks = next;
  writeStored(STORAGE_KEYS.deletedEvents, next);
  for (const listener of listeners) listener();
}

export function markDeleted(eventId: string, mark: DeletedMark): void {
  const known = marks[eventId];
  if (known?.deleted_at === mark.deleted_at) return;
  save({
    ...marks,
    [eventId]: { deleted_at: mark.deleted_at, restorable_until: mark.restorable_until },
  });
}

/** The event is live again (restored), or no longer on this device. */
export function unmarkDeleted(eventId: string): void {
  if (!(eventId in marks)) return;
  const { [eventId]: _gone, ...rest } = marks;
  save(rest);
}

export function useDeletedEvents(): Readonly<Record<string, DeletedMark>> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => marks,
    () => marks,
  );
}
