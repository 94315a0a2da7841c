import { useSyncExternalStore } from 'react';

/** A short message shown at the bottom of the screen (a snackbar), e.g. "Exchange rate updated". */
export interface Notice {
  id: number;
  message: string;
  severity: 'success' | 'error' | 'info';
  /** A button beside the message, e.g. "turn on" or "reload". */
  action?: { label: string; run(): void };
  /** Stays until acted on or closed, and comes back after newer notices (e.g. an update). */
  persistent?: boolean;
}

let queue: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: Notice[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

/**
 * Shows `message` at once: what happened last is what matters, so it replaces the notice on
 * screen, except persistent ones, which wait behind it. Callers pass translated text.
 */
export function notify(
  message: string,
  severity: Notice['severity'] = 'success',
  options: Pick<Notice, 'action' | 'persistent'> = {},
): void {
  publish([
    { id: nextId++, message, severity, ...options },
    ...queue.filter((notice) => notice.persistent),
  ]);
}

/** Removes a notice that was shown. */
export function dismissNotice(id: number): void {
  publish(queue.filter((notice) => notice.id !== id));
}

/** Removes the notices that say `message`: one that stopped being true (offline, once online). */
export function dismissMessage(message: string): void {
  publish(queue.filter((notice) => notice.message !== message));
}

/** The notices waiting, the one to show first. */
export function useNotices(): readonly Notice[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => queue,
    () => queue,
  );
}
