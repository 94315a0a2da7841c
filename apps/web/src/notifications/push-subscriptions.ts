import { apiRequest } from '@web/lib/http';
import i18next from 'i18next';
import { createStore, del, get, set } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import { isRefusedPushService } from './push-failure';

/**
 * Push notifications per event: the browser's one push subscription (per device) is registered
 * with the server for each event the person turns notifications on for. Which events those are
 * is kept on the device (IndexedDB), so that settings can show the switch as it is.
 */
const store = createStore('quits-push', 'events');
const RETRY_DELAY_MS = 2_000; // the spec's retry delay for a failed subscription
const ATTEMPTS = 3;

let enabled: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();
const publish = (next: ReadonlySet<string>) => {
  enabled = next;
  for (const listener of listeners) listener();
};

export type PushSupport = 'supported' | 'unsupported' | 'denied';

/** Whether this browser can receive push at all, and whether the person refused it. */
export function pushSupport(): PushSupport {
  if (
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

export async function loadPushEvents(): Promise<void> {
  publish(new Set((await get<string[]>('enabled', store)) ?? []));
}

async function save(next: Set<string>): Promise<void> {
  publish(next);
  await set('enabled', [...next], store);
}

/** The server's VAPID key as the bytes pushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Registers the device's subscription for an event, in the device's current language. */
function registerWithServer(eventId: string, subscription: PushSubscription): Promise<unknown> {
  return apiRequest(`/push/${encodeURIComponent(eventId)}`, {
    method: 'POST',
    body: { ...subscription.toJSON(), locale: i18next.language },
  });
}

async function subscribeOnce(eventId: string): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const { public_key } = await apiRequest<{ public_key: string }>('/push/key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(public_key),
    }));
  await registerWithServer(eventId, subscription);
}

/**
 * Turns notifications on for an event: asks for permission (only now, never on page load),
 * subscribes the device and registers it with the server, trying again after 2 s on failure.
 *
 * @returns false when the person refused permission (only logged, as the spec says)
 */
export async function enablePush(eventId: string): Promise<boolean> {
  if ((await Notification.requestPermission()) !== 'granted') {
    console.info('Notifications were not allowed');
    return false;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await subscribeOnce(eventId);
      break;
    } catch (error) {
      // A push service the server refuses stays refused: no second try.
      if (attempt >= ATTEMPTS || isRefusedPushService(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    }
  }
  await save(new Set([...enabled, eventId]));
  return true;
}

/** Turns notifications off for an event; the device's subscription stays for its other events. */
export async function disablePush(eventId: string): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription();
  if (subscription) {
    await apiRequest(`/push/${encodeURIComponent(eventId)}`, {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
    });
  }
  const next = new Set(enabled);
  next.delete(eventId);
  await save(next);
  if (next.size === 0) await del('enabled', store);
}

export function usePushEnabled(eventId: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => enabled.has(eventId),
  );
}

/**
 * Tells the server the device's new language for every event it gets notifications for, so
 * that the next ones arrive in it.
 */
export async function updatePushLanguage(): Promise<void> {
  if (pushSupport() !== 'supported' || Notification.permission !== 'granted') return;
  await loadPushEvents();
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return;
  await Promise.all([...enabled].map((eventId) => registerWithServer(eventId, subscription)));
}
