import { useSyncExternalStore } from 'react';

/**
 * When the server answered a replay "too many requests" (429): the time until which the
 * replay waits before it sends the same change again, as the server's Retry-After asked.
 */
let pausedUntil: number | null = null;
const listeners = new Set<() => void>();

function publish(next: number | null): void {
  pausedUntil = next;
  for (const listener of listeners) listener();
}

/** Longest pause taken whatever the server says; the rest of a longer one is another pause. */
const MAX_PAUSE_SECONDS = 600;
/** The pause when the server did not say how long. */
const DEFAULT_PAUSE_SECONDS = 30;

/** How long a pause the server asked for lasts here, in seconds. */
export function pauseSeconds(retryAfterSeconds: number | null): number {
  return Math.min(MAX_PAUSE_SECONDS, Math.max(1, retryAfterSeconds ?? DEFAULT_PAUSE_SECONDS));
}

/** Waits as long as the server asked (bounded), showing the pause meanwhile. */
export async function pauseForServer(seconds: number): Promise<void> {
  publish(Date.now() + seconds * 1000);
  try {
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  } finally {
    publish(null);
  }
}

/**
 * Notes a pause the server asked for outside the replay: a change sent straight from a form
 * and answered 429. The replay waits it out before it sends anything, and what the form says
 * of the kept change can name it.
 */
export function noteServerPause(seconds: number): void {
  const until = Date.now() + seconds * 1000;
  if (pausedUntil === null || until > pausedUntil) publish(until);
}

/** Whole seconds left of the pause the server asked for; 0 when there is none. */
export function pauseSecondsLeft(): number {
  if (pausedUntil === null) return 0;
  return Math.max(0, Math.ceil((pausedUntil - Date.now()) / 1000));
}

/** Waits out what is left of a pause noted before the replay began. */
export async function waitOutNotedPause(): Promise<void> {
  const left = pausedUntil === null ? 0 : pausedUntil - Date.now();
  if (left > 0) await pauseForServer(left / 1000);
  else if (pausedUntil !== null) publish(null);
}

/** The time the replay resumes at (ms since the epoch), or null when it is not paused. */
export function useReplayPause(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pausedUntil,
    () => null,
  );
}
