import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { addEvenExpense, createEvent, exportEvent, importEvent } from './support/api';

/** Entries in the event: a flat share after a few years. */
const ENTRIES = 2_000;

/**
 * What a page receives from now on: the bodies (and headers) of its API answers as they came
 * over the wire, and the live messages its socket passed on. `hold` keeps the messages back, as
 * a socket asleep or cut would (they are then missed, not delayed).
 */
async function countBytes(page: Page) {
  let socketBytes = 0;
  let holding = false;
  let dropped = 0;
  await page.routeWebSocket(/\/app\//, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      if (holding && String(message).includes('"event":"Expense')) {
        dropped += 1;
        return;
      }
      socketBytes += Buffer.byteLength(String(message));
      socket.send(message);
    });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const api = new Set<string>();
  let httpBytes = 0;
  let caughtUp = 0;
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const path = new URL(response.url).pathname;
    if (path.startsWith('/api/')) api.add(requestId);
    if (path.endsWith('/changes')) caughtUp += 1;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    if (api.has(requestId)) httpBytes += encodedDataLength;
  });
  return {
    total: () => socketBytes + httpBytes,
    /** How many times the page asked what changed since its version. */
    catchUps: () => caughtUp,
    /** Live messages held back so far. */
    dropped: () => dropped,
    hold: (on: boolean) => {
      holding = on;
    },
  };
}

test('a device on an event of 2,000 entries receives about a kilobyte for a change and a few for a catch-up', {
  tag: '@any-width',
}, async ({ browser, request, baseURL }) => {
  const draft = await createEvent(request, {
    name: 'A flat share',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
  });
  await addEvenExpense(request, draft, {
    title: 'Shopping',
    amount: 300,
    payer: 'Ana',
    among: ['Ana', 'Ben', 'Chloé'],
  });
  const file = await exportEvent(request, draft.id);
  const [shopping] = file.expenditures;
  if (!shopping) throw new Error('the export has no expense');
  const event = await importEvent(request, {
    ...file,
    expenditures: Array.from({ length: ENTRIES }, (_unused, number) => ({
      ...shopping,
      id: randomUUID(),
      title: `Shopping ${number}`,
    })),
  });

  // The second device: its expense list open, its every byte counted.
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const wire = await countBytes(page);
    await page.goto(`/event/${event.id}/expenses`);
    const status = page.getByRole('status').filter({ hasText: /expenses?\b/ });
    await expect(status).toHaveText('2,000 expenses');
    // Joined, and caught up once (the first join asks what changed since the first read).
    await expect.poll(() => wire.catchUps()).toBe(1);
    await page.waitForLoadState('networkidle');

    const add = (title: string) =>
      addEvenExpense(request, event, { title, amount: 1250, payer: 'Ben', among: ['Ana', 'Ben'] });
    let before = wire.total();
    await add('Taxi');
    await expect(status).toHaveText('2,001 expenses');
    const change = wire.total() - before;

    // Five changes missed, then the tab comes back to the foreground.
    wire.hold(true);
    for (const title of ['Bread', 'Milk', 'Eggs', 'Rice', 'Tea']) await add(title);
    await expect.poll(() => wire.dropped()).toBe(5);
    wire.hold(false);
    before = wire.total();
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(status).toHaveText('2,006 expenses');
    const catchUp = wire.total() - before;

    test.info().annotations.push({
      type: 'bytes',
      description: `change ${change} B, catch-up after 5 changes ${catchUp} B`,
    });
    expect(change).toBeLessThanOrEqual(2_048);
    expect(catchUp).toBeLessThanOrEqual(10_240);
  } finally {
    await context.close();
  }
});
