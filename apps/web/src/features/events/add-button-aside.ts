import { useSyncExternalStore } from 'react';

/**
 * The event whose add button has stepped aside from its corner (a control was under it), so
 * that the title bar offers "Add expense" instead: the action is always on screen, and never
 * over another button.
 */
let asideFor: string | null = null;
const listeners = new Set<() => void>();

export function setAddButtonAside(eventId: string | null): void {
  if (asideFor === eventId) return;
  asideFor = eventId;
  for (const listener of listeners) listener();
}

/** The event whose add button is aside now, or null. */
export function useAddButtonAside(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => asideFor,
    () => null,
  );
}
