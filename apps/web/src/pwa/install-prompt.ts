import { readStored, STORAGE_KEYS, writeStored } from '@web/lib/storage';
import { useSyncExternalStore } from 'react';

/** Chromium's install offer (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
let dismissed =
  readStored(STORAGE_KEYS.installPrompt, (value): value is 'dismiss' => value === 'dismiss') !==
  null;
const listeners = new Set<() => void>();
const publish = () => {
  for (const listener of listeners) listener();
};

/** Keeps the browser's install offer for our own dialog and title-bar button. Call at start. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    publish();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    publish();
  });
}

/** Shows the browser's own install confirmation; the offer is used up either way. */
export async function install(): Promise<void> {
  const current = offer;
  if (!current) return;
  offer = null;
  publish();
  await current.prompt();
}

/** "Close" on the install dialog: remembered (installPrompt = 'dismiss'), as the spec says. */
export function dismissInstall(): void {
  writeStored(STORAGE_KEYS.installPrompt, 'dismiss');
  dismissed = true;
  publish();
}

/** Whether the app can be installed now, and whether the dialog was closed before. */
export function useInstallPrompt(): { installable: boolean; dismissed: boolean } {
  const installable = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offer !== null,
    () => false,
  );
  const wasDismissed = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => dismissed,
    () => dismissed,
  );
  return { installable, dismissed: wasDismissed };
}
