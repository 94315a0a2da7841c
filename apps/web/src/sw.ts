/// <reference lib="webworker" />

import { basePathOf } from '@web/lib/base-path';
import { showsEventAlready } from '@web/notifications/shown-already';
import { precacheInParallel } from '@web/pwa/precache-in-parallel';
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * The service worker at /sw.js, scope / (under a base path, /quits/sw.js and /quits/): precaches
 * the app shell and every screen's and language's code, so that a cold start offline opens any
 * route. The API is never cached here: the app keeps the events it knows itself, and its changes
 * wait in its own queue.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

// Workbox's precaching, with the install's downloads side by side (pwa/precache-in-parallel).
const precache = new PrecacheController();
precache.addToCacheList(self.__WB_MANIFEST);
self.addEventListener('install', (event) => event.waitUntil(precacheInParallel(precache, event)));
// Removes what an earlier version stored and this one no longer lists; it waits on the event.
self.addEventListener('activate', (event) => void precache.activate(event));
cleanupOutdatedCaches();
registerRoute(new PrecacheRoute(precache));

/** The path the app is served under, '' at the root (lib/base-path.ts): the worker's scope. */
const base = basePathOf(self.registration.scope);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Every app route is the same index.html: navigations outside the API get the precached copy.
// Addresses relative to this file's are under the base path, as the precache list's are.
registerRoute(
  new NavigationRoute(precache.createHandlerBoundToURL('index.html'), {
    denylist: [new RegExp(`^${escapeRegExp(base)}/api(/|$)`)],
  }),
);

/** What the server pushes for a change to an event (apps/server/src/push). */
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
  event_id?: string;
}

self.addEventListener('push', (event) => {
  let payload: PushPayload | null = null;
  try {
    payload = event.data?.json() as PushPayload;
  } catch {
    // Not ours or damaged: nothing to show.
  }
  if (!payload?.title) return;
  const shown = payload;
  event.waitUntil(
    (async () => {
      // Also this device's own changes come (see showsEventAlready): on screen, they need none.
      const windows = await self.clients.matchAll({ type: 'window' });
      if (shown.event_id && showsEventAlready(windows, shown.event_id, base)) return;
      await self.registration.showNotification(shown.title, {
        body: shown.body,
        tag: shown.tag,
        icon: 'icons/icon-192.png',
        badge: 'icons/icon-192.png',
        data: { url: shown.url },
      });
    })(),
  );
});

// Tapping a notification opens the expense it is about, in an open window of the app if any.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // The server's address is a path under the base path; none opens the app's start page.
  const url = new URL(String(event.notification.data?.url ?? './'), self.registration.scope).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url);
      } else {
        await self.clients.openWindow(url);
      }
    })(),
  );
});

// A new version waits until the person chooses "reload", never swapped in mid-edit.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
