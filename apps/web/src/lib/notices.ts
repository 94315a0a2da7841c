import { useSyncExternalStore } from 'react';

/** A short message shown at the bottom of the screen (a snackbar), e.g. "Exchange rate updated". */
export interface Notice {
  id: number;
  message: string;
  severity: 'success' | 'error' | 'info';
  /** A button beside the message, e.g. "reload"; a notice with one stays until acted on. */
  action?: { label: string; run(): void };
}

let queue: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: Notice[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

/** Shows `message` once the notices before it have gone. Callers pass translated text. */
export function notify(
  message: string,
  severity: Notice['severity'] = 'success',
  action?: Notice['action'],
): void {
  publish([...queue, { id: nextId++, message, severity, action }]);
}

/** Removes a notice that was shown. */
export function dismissNotice(id: number): void {
  publish(queue.filter((notice) => notice.id !== id));
}

/** The notices waiting, oldest first. */
export function useNotices(): readonly Notice[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => queue,
  );
}
