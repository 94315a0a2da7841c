import { type Browser, expect, type Page, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { addEvenExpense, createEvent, person } from './support/api';
import { INSTANCES_NEED, instancesAvailable, startInstances } from './support/instances';
import { waitForServiceWorker } from './support/offline';
import { presetWhoAmI } from './support/storage';

const RECONNECTING = 'Live updates are reconnecting; changes from others show once they are back';

/** One read of the event as it went over the wire: what the browser sent, what came back. */
interface EventRead {
  ifNoneMatch: string | undefined;
  /** The server's status; undefined until it answered. */
  status: number | undefined;
}

interface WireRecord {
  /** Every read of the event so far, in the order they were sent. */
  reads(): EventRead[];
  /** Every request for the changes since a version, with the server's status. */
  changes(): { since: string | null; status: number | undefined }[];
  /** For each time the page joined a channel, how many reads had been sent before. */
  joins(): number[];
}

/**
 * The page's reads of `eventId` and its channel joins from now on, as Chromium's network layer
 * saw them, in one ordered stream: the headers sent (the HTTP cache adds If-None-Match there)
 * and the server's own status (a 304, which the page's fetch is handed as the cached 200).
 */
async function recordWire(page: Page, eventId: string): Promise<WireRecord> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const path = `/api/events/${eventId}`;
  // Chromium may tell of a request's raw headers before or after the request itself.
  const ours: string[] = [];
  const asked = new Map<string, string | null>();
  const sent = new Map<string, string | undefined>();
  const answered = new Map<string, number>();
  const joins: number[] = [];
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === path) ours.push(requestId);
    if (url.pathname === `${path}/changes`) asked.set(requestId, url.searchParams.get('since'));
  });
  cdp.on('Network.requestWillBeSentExtraInfo', ({ requestId, headers }) => {
    const tag = Object.entries(headers).find(([name]) => name.toLowerCase() === 'if-none-match');
    sent.set(requestId, tag?.[1]);
  });
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => {
    answered.set(requestId, statusCode);
  });
  cdp.on('Network.webSocketFrameReceived', ({ response }) => {
    if (response.payloadData.includes('pusher_internal:subscription_succeeded')) {
      joins.push(ours.length);
    }
  });
  return {
    reads: () => ours.map((id) => ({ ifNoneMatch: sent.get(id), status: answered.get(id) })),
    changes: () => [...asked].map(([id, since]) => ({ since, status: answered.get(id) })),
    joins: () => [...joins],
  };
}

/** A device that knows who it is in the event, with the event's home open at `baseURL`. */
async function openHome(browser: Browser, baseURL: string, eventId: string, personId: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await presetWhoAmI(page, eventId, personId);
  const home = new EventHomePage(page);
  await home.goto(eventId);
  await expect(home.yourBalance).toContainText('€');
  return { context, page, home };
}

test(
  'a device whose server restarts shows what it missed once it is back, without a reload',
  { tag: '@any-width' },
  async ({ browser, playwright }, testInfo) => {
    test.skip(!instancesAvailable(), INSTANCES_NEED);
    test.setTimeout(180_000);
    const servers = await startInstances(2);
    const [one, two] = servers.instances;
    if (!one || !two) throw new Error('two instances were asked for');
    const api = await playwright.request.newContext({ baseURL: one.baseURL });
    const devices: { context: { close(): Promise<void> } }[] = [];
    try {
      const event = await createEvent(api, {
        name: 'Lisbon trip',
        currency: 'EUR',
        people: ['Ana', 'Ben'],
      });
      const ana = await openHome(browser, one.baseURL, event.id, person(event, 'Ana').id);
      devices.push(ana);
      const ben = await openHome(browser, two.baseURL, event.id, person(event, 'Ben').id);
      devices.push(ben);
      // A page that reloaded would lose this.
      await ben.page.evaluate(() => sessionStorage.setItem('same-page', 'yes'));

      // Both are live: a change through instance 1 reaches Ben on instance 2.
      await addEvenExpense(api, event, {
        title: 'Taxi',
        amount: 4000,
        payer: 'Ana',
        among: ['Ana', 'Ben'],
      });
      await expect(ben.home.recentExpenses).toContainText('Taxi');
      const reconnecting = ben.page.getByRole('status', { name: RECONNECTING });
      await expect(reconnecting).toBeHidden();

      await two.stop();
      await expect(reconnecting).toBeVisible();
      await expect(reconnecting).toContainText('Reconnecting…');
      await addEvenExpense(api, event, {
        title: 'Museum',
        amount: 3000,
        payer: 'Ana',
        among: ['Ana', 'Ben'],
      });
      await expect(ana.home.recentExpenses).toContainText('Museum');
      await expect(ana.page.getByRole('status', { name: RECONNECTING })).toBeHidden();
      for (const scheme of ['light', 'dark'] as const) {
        await ben.page.emulateMedia({ colorScheme: scheme });
        await ben.page.screenshot({ path: testInfo.outputPath(`reconnecting-${scheme}.png`) });
      }
      await ben.page.emulateMedia({ colorScheme: 'light' });
      await expect(ben.home.recentExpenses).not.toContainText('Museum');

      await two.start();
      // pusher-js tries again by itself, a few seconds apart; once joined, the event is read.
      await expect(reconnecting).toBeHidden({ timeout: 30_000 });
      await expect(ben.home.recentExpenses).toContainText('Museum', { timeout: 5_000 });
      // Ben owes half of both: 20 + 15.
      await expect(ben.home.yourBalance).toContainText('-€35.00');
      expect(await ben.page.evaluate(() => sessionStorage.getItem('same-page'))).toBe('yes');
    } finally {
      for (const device of devices) await device.context.close();
      await api.dispose();
      await servers.stopAll();
    }
  },
);

test('a device that comes back online shows what changed while it was offline', {
  tag: '@any-width',
}, async ({ browser, request, baseURL }) => {
  const event = await createEvent(request, {
    name: 'Alps',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  const ben = await openHome(browser, baseURL ?? '', event.id, person(event, 'Ben').id);
  try {
    // Offline, the app's files come from the service worker.
    await waitForServiceWorker(ben.page);
    // Live: a change reaches the page over its socket.
    await addEvenExpense(request, event, {
      title: 'Bread',
      amount: 2000,
      payer: 'Ana',
      among: ['Ana', 'Ben'],
    });
    await expect(ben.home.recentExpenses).toContainText('Bread');
    // The socket stays open offline: the message comes, but the read it asks for cannot.
    await ben.context.setOffline(true);
    await expect(ben.page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
    // Offline has its notice; "reconnecting…" would say the same twice.
    await expect(ben.page.getByRole('status', { name: RECONNECTING })).toBeHidden();
    await addEvenExpense(request, event, {
      title: 'Hut',
      amount: 8000,
      payer: 'Ana',
      among: ['Ana', 'Ben'],
    });
    await ben.context.setOffline(false);
    await expect(ben.home.recentExpenses).toContainText('Hut');
    await expect(ben.home.yourBalance).toContainText('-€50.00');
  } finally {
    await ben.context.close();
  }
});

test('joining the channel and returning to the foreground ask what changed since the version held, and read nothing whole while it is unchanged', {
  tag: '@any-width',
}, async ({ browser, request, baseURL }) => {
  const event = await createEvent(request, {
    name: 'Rome',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const wire = await recordWire(page, event.id);
    await presetWhoAmI(page, event.id, person(event, 'Ben').id);
    const home = new EventHomePage(page);
    await home.goto(event.id);
    await expect(home.yourBalance).toContainText('€0.00');

    // A change between the page's first read and the join is not sent on the channel: the
    // join asks what changed since the version the page holds.
    await expect.poll(() => wire.joins().length).toBe(1);
    const answered = () => wire.changes().every((asked) => asked.status !== undefined);
    await expect.poll(() => wire.changes().length > 0 && answered()).toBe(true);
    const reads = wire.reads().length;

    // What a browser fires when the tab is shown again.
    const before = wire.changes().length;
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => wire.changes().length > before && answered()).toBe(true);
    expect(wire.changes().slice(before)).toEqual([
      { since: expect.stringMatching(/^[0-9]+$/), status: 200 },
    ]);
    // Nothing changed: the event is not read again.
    expect(wire.reads()).toHaveLength(reads);
  } finally {
    await context.close();
  }
});
