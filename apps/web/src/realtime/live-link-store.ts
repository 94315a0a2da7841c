import { useOnline } from '@web/offline/online-status';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { FIRST_LINK, type LiveLink, linkAfter, showsReconnecting } from './live-link';

/**
 * The state of this tab's one live connection, for the title bar. Kept apart from
 * live-connection.ts so that the shell can read it without loading pusher-js.
 */
let link: LiveLink = FIRST_LINK;
const listeners = new Set<() => void>();

/** What pusher-js says of its connection (its `state_change` events). */
export function reportLinkState(state: string): void {
  const next = linkAfter(link, state);
  if (next === link) return;
  link = next;
  for (const listener of listeners) listener();
}

/**
 * A blip shorter than this (a socket replaced at once) is not worth a word: the indicator
 * shows only once reconnecting has lasted this long, in ms.
 */
const SHOW_AFTER_MS = 1_000;

/** Whether the title bar says "reconnecting…" now. */
export function useReconnecting(): boolean {
  const online = useOnline();
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => link,
    () => FIRST_LINK,
  );
  const reconnecting = showsReconnecting(current, online);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!reconnecting) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [reconnecting]);
  return reconnecting && shown;
}
