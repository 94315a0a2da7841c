import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Event } from '@quits/contract';
import { EventHomePage } from './pages/event-home-page';
import { addEvenExpense, createEvent, EXPENSE_DATE, getEvent, person } from './support/api';
import { readQueue, waitForServiceWorker } from './support/offline';
import { presetWhoAmI } from './support/storage';

/** The Splitwise export the API tests use: 3 people, 5 expenses (one in USD), 1 payment. */
const SPLITWISE = readFileSync(
  fileURLToPath(new URL('../../server/test/api/fixtures/splitwise-flat.csv', import.meta.url)),
);

/** Where the history's screenshots go: docs/screenshots with UPDATE_SCREENSHOTS=1. */
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url))
  : fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

/** Another device's edit of an expense: Ana paid `amount` cents for everyone, evenly. */
async function saveExpense(
  request: APIRequestContext,
  event: Event,
  input: { id: string; title: string; amount: number; category?: string },
): Promise<void> {
  const ids = event.users.map((user) => user.id);
  const share = input.amount / ids.length;
  const response = await request.post(`/api/event/${event.id}/expenditure`, {
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
      'Device-ID': randomUUID(),
      'Who-Am-I': person(event, 'Ben').id,
    },
    data: {
      id: input.id,
      title: input.title,
      date: EXPENSE_DATE,
      amount: input.amount,
      currency_id: event.currency_id,
      category: input.category ?? null,
      payer: [{ user_id: person(event, 'Ana').id, amount: input.amount }],
      participant: ids.map((user_id) => ({ user_id, amount: share })),
      split: { mode: 'evenly' },
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** An event of three with a few expenses, the device being Ana. */
async function openTrip(page: Page, request: APIRequestContext): Promise<Event> {
  const event = await createEvent(request, {
    name: 'Lisbon trip',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
  });
  const everyone = ['Ana', 'Ben', 'Chloé'];
  for (const [title, amount] of [
    ['Dinner at Ramiro', 9000],
    ['Taxi from the airport', 6000],
    ['Museum tickets', 4500],
  ] as const) {
    await addEvenExpense(request, event, { title, amount, payer: 'Ana', among: everyone });
  }
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  return event;
}

test('a deleted expense comes back with undo, and another from the history', {
  tag: '@any-width',
}, async ({ page, request }) => {
  const event = await openTrip(page, request);
  const home = new EventHomePage(page);
  await home.goto(event.id);
  const snackbar = page.getByRole('alert').filter({ hasText: 'Expense deleted' });

  await test.step('deleting the taxi offers to undo it, and undo brings it back', async () => {
    await home.recentExpenses.getByRole('link', { name: /Taxi from the airport/ }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(home.recentExpenses).not.toContainText('Taxi from the airport');
    await snackbar.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('“Taxi from the airport” restored')).toBeVisible();
    await expect(home.recentExpenses).toContainText('Taxi from the airport');
    expect((await getEvent(request, event.id)).expenditures).toHaveLength(3);
  });

  await test.step('the museum, deleted, is restored from the history screen', async () => {
    await home.recentExpenses.getByRole('link', { name: /Museum tickets/ }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(home.recentExpenses).not.toContainText('Museum tickets');
    expect((await getEvent(request, event.id)).expenditures).toHaveLength(2);

    await page
      .getByRole('region', { name: 'Recent activity' })
      .getByRole('link', { name: 'See all' })
      .click();
    await expect(page).toHaveURL(`/event/${event.id}/history`);
    const deletion = page.getByRole('listitem').filter({ hasText: 'Ana deleted “Museum tickets”' });
    await expect(deletion).toContainText('this device');
    // The taxi was restored already: only the museum can be.
    await expect(page.getByRole('button', { name: 'Restore' })).toHaveCount(1);
    await deletion.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('“Museum tickets” restored')).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Ana restored “Museum tickets”' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Restore' })).toHaveCount(0);
    const titles = (await getEvent(request, event.id)).expenditures.map((e) => e.title);
    expect(titles.sort()).toEqual(['Dinner at Ramiro', 'Museum tickets', 'Taxi from the airport']);
  });

  await test.step("another device's edit shows what it was and what it became", async () => {
    const dinner = (await getEvent(request, event.id)).expenditures.find(
      (expense) => expense.title === 'Dinner at Ramiro',
    );
    if (!dinner) throw new Error('the dinner is gone');
    await saveExpense(request, event, {
      id: dinner.id,
      title: 'Dinner at Ramiro',
      amount: 12000,
      category: 'food',
    });
    await page.reload();
    const edit = page.getByRole('listitem').filter({ hasText: 'Ben changed “Dinner at Ramiro”' });
    await expect(edit).toContainText('another device');
    const changes = edit.getByRole('definition');
    await expect(changes).toContainText([
      /€90\.00\W+becomes €120\.00/,
      /No category\W+becomes Food and drink/,
    ]);
  });
});

test('offline, a delete and its undo wait in the queue and reach the server once each', {
  tag: '@any-width',
}, async ({ page, context, request }) => {
  const event = await openTrip(page, request);
  const home = new EventHomePage(page);
  await home.goto(event.id);
  await expect(home.recentExpenses).toContainText('Museum tickets');
  await waitForServiceWorker(page);
  await context.setOffline(true);

  await home.recentExpenses.getByRole('link', { name: /Museum tickets/ }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(home.recentExpenses).not.toContainText('Museum tickets');
  await page.getByRole('alert').getByRole('button', { name: 'Undo' }).click();
  await expect(home.recentExpenses).toContainText('Museum tickets');
  const kinds = (await readQueue(page)).map(
    (command) => (command as { change: { kind: string } }).change.kind,
  );
  expect(kinds).toEqual(['expense.delete', 'expense.restore']);
  expect((await getEvent(request, event.id)).expenditures).toHaveLength(3);

  await context.setOffline(false);
  await expect.poll(async () => (await readQueue(page)).length, { timeout: 20_000 }).toBe(0);
  const museum = (await getEvent(request, event.id)).expenditures.find(
    (expense) => expense.title === 'Museum tickets',
  );
  expect(museum?.deleted_at).toBeNull();
  const history = await request.get(`/api/events/${event.id}/activity`);
  const rows = ((await history.json()) as { data: { entity_id: string; action: string }[] }).data;
  expect(rows.filter((row) => row.entity_id === museum?.id).map((row) => row.action)).toEqual([
    'restored',
    'deleted',
    'created',
  ]);
});

test('a Splitwise export is imported into a new event after a preview', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Import from a file' }).click();
  await expect(page).toHaveURL('/import');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'lisbon-flat_2026-10-08_export.csv',
    mimeType: 'text/csv',
    buffer: SPLITWISE,
  });

  const preview = page.getByRole('region', { name: 'What will be created' });
  // The server's first import starts its work pool's thread, which takes seconds on a busy machine.
  await expect(preview).toContainText('5 expenses · 1 payment', { timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Lisbon flat');
  await expect(preview.getByRole('list', { name: 'Balances' }).getByRole('listitem')).toHaveText([
    /^Ana.*-€/,
    /^Ben.*€62\.00$/,
    /^Chloé.*-€/,
  ]);
  await expect(preview).toContainText("Line 9: “Ana's own coffee” changes nobody's balance");

  await page.screenshot({
    path: `${SCREENSHOTS}import-preview-light-${testInfo.project.name}.png`,
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });

  await page.getByRole('textbox', { name: 'Name' }).fill('Flat in Lisbon');
  await page.getByRole('button', { name: 'Create the event' }).click();
  await expect(page).toHaveURL(/\/event\/[A-Za-z0-9_-]{22}\/home$/);
  const home = new EventHomePage(page);
  await home.chooseMe('Ben');
  await expect(home.yourBalance).toContainText('€62.00');
  await expect(home.recentExpenses).toContainText('Pizza, "Napoli"');
  const imported = await getEvent(page.request, home.eventId());
  expect(imported.name).toBe('Flat in Lisbon');
  expect(imported.expenditures).toHaveLength(5);
  expect(imported.payments).toHaveLength(1);
});

test('a bad file is refused with the line at fault, and nothing is created', {
  tag: '@any-width',
}, async ({ page }) => {
  await page.goto('/import');
  const broken = SPLITWISE.toString('utf8').replace('90.00,EUR', 'ninety,EUR');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'broken.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(broken),
  });
  await expect(page.getByText('line 3: Cost is not a number.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create the event' })).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the history screen is captured in ${scheme} mode`, async ({ page, request }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    const event = await openTrip(page, request);
    const taxi = (await getEvent(request, event.id)).expenditures.find((e) =>
      e.title.startsWith('Taxi'),
    );
    if (!taxi) throw new Error('no taxi');
    await saveExpense(request, event, {
      id: taxi.id,
      title: 'Taxi to the hotel',
      amount: 7500,
      category: 'transport',
    });
    await page.goto(`/event/expense/${event.id}/${taxi.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.goto(`/event/${event.id}/history`);
    await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'pixels the page is wider than the window').toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `${SCREENSHOTS}history-${scheme}-${testInfo.project.name}.png`,
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
    });
  });
}
