import { expect, type Page, type Request, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { addEvenExpense, createEvent, person } from './support/api';
import { presetWhoAmI, readStorageText } from './support/storage';

declare global {
  interface Window {
    quitsPreloaded?: Record<string, unknown>;
  }
}

/** The GET requests the page makes to the API path `path` (e.g. `/api/events/{id}`). */
function requestsTo(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === path) seen.push(request);
  });
  return seen;
}

/** How many `<link rel="modulepreload">` fetch the "who are you?" dialog's own file. */
const dialogPreloads = (page: Page) =>
  page.locator('link[rel="modulepreload"][href*="/who-am-i-dialog-"]').count();

/** Every API request's `Device-ID` header. */
function deviceIdsSent(page: Page): Set<string | undefined> {
  const ids = new Set<string | undefined>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/'))
      ids.add(request.headers()['device-id']);
  });
  return ids;
}

test.describe('the first load of a shared link', () => {
  test('asks for the event as the page loads, once, and shows it filled in', async ({
    page,
    request,
  }) => {
    const event = await createEvent(request, {
      name: 'Porto weekend',
      currency: 'EUR',
      people: ['Ana', 'Ben', 'Chloé'],
    });
    await addEvenExpense(request, event, {
      title: 'Dinner',
      amount: 9000,
      payer: 'Ana',
      among: ['Ana', 'Ben', 'Chloé'],
    });
    await presetWhoAmI(page, event.id, person(event, 'Ben').id);
    const eventReads = requestsTo(page, `/api/events/${event.id}`);
    const devices = deviceIdsSent(page);

    const home = new EventHomePage(page);
    await home.goto(event.id);
    await expect(home.yourBalance).toContainText('-€30.00');
    await page.waitForLoadState('networkidle');

    // Asked by the first-screen script, taken by the app: one read, none left waiting.
    expect(eventReads).toHaveLength(1);
    const left = await page.evaluate(() => Object.keys(window.quitsPreloaded ?? { none: true }));
    expect(left).toEqual([]);
    // Both spoke as the same device: the one this device keeps.
    expect([...devices]).toEqual([await readStorageText(page, 'device_id')]);
    // This device knows who it is here: no "who are you?" to fetch.
    expect(await dialogPreloads(page)).toBe(0);
  });

  test('on a first visit, makes the device id once and asks who you are', async ({
    page,
    request,
  }) => {
    const event = await createEvent(request, {
      name: 'Flat',
      currency: 'EUR',
      people: ['Dora', 'Emil'],
    });
    const devices = deviceIdsSent(page);
    const home = new EventHomePage(page);
    await home.goto(event.id);
    await expect(home.whoAmIDialog).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The dialog's code was fetched beside the app's, not after it.
    expect(await dialogPreloads(page)).toBeGreaterThan(0);
    const kept = await readStorageText(page, 'device_id');
    expect(kept).toMatch(/^[0-9a-f-]{36}$/);
    expect([...devices]).toEqual([kept]);
  });
});
