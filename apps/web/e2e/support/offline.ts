import type { Page } from '@playwright/test';

/**
 * The app's offline queue as it lies in IndexedDB (database "quits", store "offline", key
 * "queue"), read or written behind the app's back. Only call once the app has opened it.
 */
export async function readQueue(page: Page): Promise<unknown[]> {
  return page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('quits');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('offline').objectStore('offline').get('queue');
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            open.result.close();
            resolve((read.result as unknown[] | undefined) ?? []);
          };
        };
      }),
  );
}

export async function writeQueue(page: Page, queue: unknown[]): Promise<void> {
  await page.evaluate(
    (entries) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('quits');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction('offline', 'readwrite');
          transaction.objectStore('offline').put(entries, 'queue');
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    queue,
  );
}

/** Waits until the service worker is active and controls the page (a reload may be needed). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  }
}
