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
  test('comes with the event: the screen shows before the API is asked, and the event is read once, to catch up once live', {
    tag: '@any-width',
  }, async ({ page, request }) => {
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
    // When the page joined the event's channel, and how many reads of the event had gone out.
    let readsAtJoin: number | null = null;
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('pusher_internal:subscription_succeeded')) {
          readsAtJoin ??= eventReads.length;
        }
      }),
    );
    await home.goto(event.id);
    await expect(home.yourBalance).toContainText('-€30.00');
    await expect.poll(() => readsAtJoin).not.toBeNull();
    await page.waitForLoadState('networkidle');
    // The server rendered the screen and sent its answers with it: nothing was read to show it.
    // Once live updates joined the event's channel, the event is read once, to catch up on a
    // change made between the render and the join (docs/OFFLINE.md); nothing reads it else.
    expect(readsAtJoin).toBe(0);
    expect(eventReads.length).toBeLessThanOrEqual(1);
    const left = await page.evaluate(() => Object.keys(window.quitsPreloaded ?? {}));
    expect(left).toEqual([]);
    // What the app asked for later, it asked as the device it keeps.
    const kept = await readStorageText(page, 'device_id');
    expect([...devices].every((id) => id === kept)).toBe(true);
    // This device knows who it is here: it is not asked again.
    await expect(home.whoAmIQuestion).toHaveCount(0);
  });

  test('on a first visit, makes the device id once and asks who you are', {
    tag: '@any-width',
  }, async ({ page, request }) => {
    const event = await createEvent(request, {
      name: 'Flat',
      currency: 'EUR',
      people: ['Dora', 'Emil'],
    });
    const devices = deviceIdsSent(page);
    const home = new EventHomePage(page);
    await home.goto(event.id);
    await expect(home.whoAmIQuestion).toBeVisible();
    await page.waitForLoadState('networkidle');
    const kept = await readStorageText(page, 'device_id');
    expect(kept).toMatch(/^[0-9a-f-]{36}$/);
    expect([...devices]).toEqual([kept]);
  });
});

/** Errors React reports when the markup it takes over is not what it would render. */
function reactErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /React error|hydrat/i.test(message.text())) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe("the server's render of an event home", () => {
  test('shows the balances before any script runs', async ({ browser, request }) => {
    const event = await createEvent(request, {
      name: 'Ski week',
      currency: 'EUR',
      people: ['Ana', 'Ben'],
    });
    await addEvenExpense(request, event, {
      title: 'Chalet',
      amount: 40000,
      payer: 'Ana',
      among: ['Ana', 'Ben'],
    });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/event/${event.id}/home`);
    await expect(page).toHaveTitle('Ski week · Quits');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ski week');
    await expect(page.getByRole('heading', { name: 'Balances' })).toBeVisible();
    await expect(page.getByText('Ben pays Ana')).toBeVisible();
    await expect(page.getByText('€200.00').first()).toBeVisible();
    // A first visit: the question comes with the page too.
    await expect(page.getByRole('region', { name: 'Who are you?' })).toContainText('Ben');
    await context.close();
  });

  test('is taken over by the app on the device it was rendered for, and drawn again on another', async ({
    page,
    request,
  }, testInfo) => {
    const event = await createEvent(request, {
      name: 'Road trip',
      currency: 'EUR',
      people: ['Ana', 'Ben'],
    });
    await addEvenExpense(request, event, {
      title: 'Fuel',
      amount: 6000,
      payer: 'Ana',
      among: ['Ana', 'Ben'],
    });
    await presetWhoAmI(page, event.id, person(event, 'Ben').id);
    const errors = reactErrors(page);
    // The rendered screen's <main>, as the page was read, before the app's code ran.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as { renderedMain?: Element | null }).renderedMain =
          document.querySelector('#root main');
      });
    });
    const home = new EventHomePage(page);
    await home.goto(event.id);
    await expect(home.yourBalance).toContainText('-€30.00');
    await page.waitForLoadState('networkidle');
    const kept = await page.evaluate(
      () =>
        (window as { renderedMain?: Element | null }).renderedMain ===
        document.querySelector('#root main'),
    );
    // Rendered for a phone: a phone keeps it; a wide screen has its own layout and draws it.
    const phone = (page.viewportSize()?.width ?? 0) < 600;
    expect(kept, testInfo.project.name).toBe(phone);
    expect(errors).toEqual([]);
    await expect(page.locator('.boot-bar')).toHaveCount(0);
    // And it answers: the one transfer left is marked as paid with a tap.
    await page.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(page.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0);
  });

  test.describe('on a device in dark mode', () => {
    test.use({ colorScheme: 'dark' });

    test('draws the page again, dark, without a light screen taken over', async ({
      page,
      request,
    }) => {
      const event = await createEvent(request, {
        name: 'Night out',
        currency: 'EUR',
        people: ['Ana', 'Ben'],
      });
      await presetWhoAmI(page, event.id, person(event, 'Ana').id);
      const errors = reactErrors(page);
      const home = new EventHomePage(page);
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      await home.goto(event.id);
      // Dark from the first paint, before the app has drawn the screen…
      expect(await background()).toBe('rgb(15, 20, 18)');
      // …and once it has: the rendered screen is hidden until then, so visible means drawn.
      await expect(home.yourBalance).toBeVisible();
      await expect(home.yourBalance).toContainText('€0.00');
      await expect(page.locator('.boot-bar')).toHaveCount(0);
      expect(await background()).toBe('rgb(15, 20, 18)');
      expect(errors).toEqual([]);
    });
  });
});
