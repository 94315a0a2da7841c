import type { Page } from '@playwright/test';

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

/** Makes the device already know who it is in `eventId`, before the app starts. */
export async function presetWhoAmI(page: Page, eventId: string, personId: string): Promise<void> {
  await page.addInitScript(
    ({ event, id }) => {
      if (localStorage.getItem('whoami') === null) {
        localStorage.setItem('whoami', JSON.stringify([{ id, event_id: event }]));
      }
    },
    { event: eventId, id: personId },
  );
}
