import { queryClient } from '@web/lib/query-client';
import { serverConfigQuery } from '@web/lib/server-config';
import { useSyncExternalStore } from 'react';

/**
 * The event whose home offers notifications (a card, notification-offer-card.tsx), or null.
 * Kept for the page's life, not stored: the offer is made once, right after "who am I".
 */
let offeredFor: string | null = null;
const listeners = new Set<() => void>();

function setOffer(eventId: string | null): void {
  offeredFor = eventId;
  for (const listener of listeners) listener();
}

/**
 * Offered once, right after the person says who they are in an event: "be notified…? Turn
 * on", as a card on the event's home, which covers nothing (a snackbar stayed over the next
 * screen's form). Only where the server sends push, the browser can receive it, and nobody
 * decided yet.
 */
export async function offerNotifications(eventId: string): Promise<void> {
  const undecided =
    'Notification' in window && 'PushManager' in window && Notification.permission === 'default';
  if (!undecided) return;
  // The server's configuration, as the title bar reads it (app-shell.tsx): the answer can come
  // before it has arrived.
  const config = await queryClient.ensureQueryData(serverConfigQuery).catch(() => null);
  if (config?.push) setOffer(eventId);
}

/** The offer is answered ("Turn on" or "Not now"): it is not shown again. */
export function closeNotificationOffer(): void {
  setOffer(null);
}

/** Whether the home of `eventId` offers notifications now. */
export function useNotificationOffer(eventId: string): boolean {
  const offered = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offeredFor,
    () => null,
  );
  return offered === eventId;
}
