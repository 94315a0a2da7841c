import { appPathOf } from '@web/lib/base-path';

/** A window of the app as the service worker sees it (a `WindowClient`). */
export interface AppWindow {
  url: string;
  focused: boolean;
  visibilityState: DocumentVisibilityState;
}

/** The event a path of the app is about: `/event/{id}/…`, `/event/expense/{id}/…`, `/event/payment/{id}/…`. */
export function eventOfPath(path: string): string | null {
  const [, root, first, second] = path.split('/');
  if (root !== 'event' || !first) return null;
  const id = first === 'expense' || first === 'payment' ? second : first;
  return id ? decodeURIComponent(id) : null;
}

/**
 * Whether a change to the event needs no notification: a window in front of the person shows
 * the event, and tells of the change itself as it comes (live updates). The server notifies
 * every subscribed device, the one that made the change too (a Device-ID it could leave out is
 * only a claim); this is what keeps a device from being told of what it has just done.
 */
export function showsEventAlready(
  windows: readonly AppWindow[],
  eventId: string,
  base = '',
): boolean {
  return windows.some(
    (window) =>
      window.focused &&
      window.visibilityState === 'visible' &&
      URL.canParse(window.url) &&
      eventOfPath(appPathOf(new URL(window.url).pathname, base)) === eventId,
  );
}
