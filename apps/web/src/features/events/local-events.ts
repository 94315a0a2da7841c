import type { Event } from '@quits/contract';
import { isString, readStored, removeStored, STORAGE_KEYS, writeStored } from '@web/lib/storage';
import { useSyncExternalStore } from 'react';
import { unmarkDeleted } from './deleted-events';

/**
 * The events this device knows (spec: the `events` key), newest use first, and the active one
 * (`activeEventId`). Kept whole, so that a later offline mode can show them without a network.
 */
const isEventList = (value: unknown): value is Event[] =>
  Array.isArray(value) && value.every((item) => typeof item?.id === 'string');

let events: Event[] = readStored(STORAGE_KEYS.events, isEventList) ?? [];
const listeners = new Set<() => void>();

function save(next: Event[]): void {
  events = next;
  writeStored(STORAGE_KEYS.events, next);
  for (const listener of listeners) listener();
}

/** Reloading an event replaces it in the local list, or adds it if absent (spec §4). */
export function rememberEvent(event: Event): void {
  unmarkDeleted(event.id);
  save([event, ...events.filter((known) => known.id !== event.id)]);
  writeStored(STORAGE_KEYS.activeEventId, event.id);
}

/** When each event left the local list in this page's life (`performance.now()`). */
const forgottenAt = new Map<string, number>();

/** Whether the address names the event: the person is on one of its pages (or opened its link). */
const pageShows = (eventId: string) =>
  typeof location !== 'undefined' && location.pathname.split('/').includes(eventId);

/**
 * `rememberEvent` for an answer to a read that began at `readSince`. An event left on this device
 * stays left when a read catches up afterwards — one under way as the person tapped "leave", or
 * one that live updates or a reconnect started while the page was moving away — and comes back
 * only when the person opens it again, by its link or its pages.
 */
export function rememberReadEvent(event: Event, readSince: number): void {
  const left = forgottenAt.get(event.id);
  if (left !== undefined && (left >= readSince || !pageShows(event.id))) return;
  forgottenAt.delete(event.id);
  rememberEvent(event);
}

/** An event that answers 404 leaves the local list (spec §8), as does "leave on this device". */
export function forgetEvent(eventId: string): void {
  forgottenAt.set(eventId, performance.now());
  unmarkDeleted(eventId);
  save(events.filter((known) => known.id !== eventId));
  if (activeEventId() === eventId) removeStored(STORAGE_KEYS.activeEventId);
}

export function activeEventId(): string | null {
  return readStored(STORAGE_KEYS.activeEventId, isString);
}

export function localEvent(eventId: string): Event | undefined {
  return events.find((known) => known.id === eventId);
}

export function useLocalEvents(): readonly Event[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => events,
    () => events,
  );
}

/** The known events split as the drawer and the start page list them: open ones, then closed. */
export function openAndClosed(known: readonly Event[]): { open: Event[]; closed: Event[] } {
  return {
    open: known.filter((event) => !event.closed_at),
    closed: known.filter((event) => event.closed_at),
  };
}
