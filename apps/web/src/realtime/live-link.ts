/**
 * The live connection as the title bar sees it, decided from pusher-js's connection states
 * (initialized → connecting → connected, then connecting or unavailable while it tries again).
 * Pure: the store in live-link-store.ts feeds it what pusher-js reports.
 */
export interface LiveLink {
  /** pusher-js's last connection state. */
  state: string;
  /** Whether this tab's connection has been up once: a first connect is no reconnect. */
  hasConnected: boolean;
}

export const FIRST_LINK: LiveLink = { state: 'initialized', hasConnected: false };

/** The link after pusher-js reports `state`; the same object when nothing changed. */
export function linkAfter(link: LiveLink, state: string): LiveLink {
  const hasConnected = link.hasConnected || state === 'connected';
  if (state === link.state && hasConnected === link.hasConnected) return link;
  return { state, hasConnected };
}

/**
 * Whether to say "reconnecting…": the connection was up and is being tried again. Not during a
 * page's first connect (nothing was missed yet), and not offline, where the offline notice
 * already says why nothing arrives.
 */
export function showsReconnecting(link: LiveLink, online: boolean): boolean {
  return (
    online && link.hasConnected && (link.state === 'connecting' || link.state === 'unavailable')
  );
}
