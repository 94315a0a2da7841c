import { type Page, test } from '@playwright/test';

/** The raw text the app keeps under one of its local storage keys (PRODUCT §7). */
export async function readStorageText(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/** One of the app's keys as a value: lists and records are JSON, plain strings are as they are. */
export async function readStorage(page: Page, key: string): Promise<unknown> {
  const raw = await readStorageText(page, key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * Makes the device already know who it is in `eventId`, before the app starts: in local storage,
 * and in the cookie the app keeps beside it for the server's render (src/lib/choice-cookies.ts).
 */
export async function presetWhoAmI(page: Page, eventId: string, personId: string): Promise<void> {
  const origin = test.info().project.use.baseURL ?? '';
  await page.context().addCookies([
    {
      name: 'whoami',
      value: personId,
      domain: new URL(origin).hostname,
      path: `/event/${encodeURIComponent(eventId)}/`,
    },
  ]);
  await page.addInitScript(
    ({ event, id }) => {
      if (localStorage.getItem('whoami') === null) {
        localStorage.setItem('whoami', JSON.stringify([{ id, event_id: event }]));
      }
    },
    { event: eventId, id: personId },
  );
}
