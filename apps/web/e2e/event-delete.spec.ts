import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import type { Event } from '@quits/contract';
import { EventHomePage } from './pages/event-home-page';
import { ExpenseFormPage } from './pages/expense-form-page';
import { addEvenExpense, createEvent, person } from './support/api';
import { waitForServiceWorker } from './support/offline';
import { presetWhoAmI } from './support/storage';

/** Where the deleted screen's captures go: docs/screenshots with UPDATE_SCREENSHOTS=1. */
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url))
  : fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

/** Another device's call about the event (delete, restore), with the spec's headers. */
async function callAsAnotherDevice(
  request: APIRequestContext,
  method: 'DELETE' | 'POST',
  path: string,
): Promise<void> {
  const response = await request.fetch(path, {
    method,
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
      'Device-ID': randomUUID(),
    },
    ...(method === 'POST' ? { data: {} } : {}),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A trip with one expense Ana paid for both, so that a restore can be seen to bring it back. */
async function trip(request: Parameters<typeof createEvent>[0]): Promise<Event> {
  const event = await createEvent(request, {
    name: 'Lisbon trip',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await addEvenExpense(request, event, {
    title: 'Dinner',
    amount: 6000,
    payer: 'Ana',
    among: ['Ana', 'Ben'],
  });
  return event;
}

/** A device of its own (a browser context) on the event's home, as `name`. */
async function device(browser: Browser, baseURL: string | undefined, event: Event, name: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await presetWhoAmI(page, event.id, person(event, name).id);
  const home = new EventHomePage(page);
  await home.goto(event.id);
  await expect(home.recentExpenses).toContainText('Dinner');
  return { context, page, home };
}

async function deleteFromSettings(page: Page, eventId: string): Promise<void> {
  await page.goto(`/event/${eventId}/settings`);
  await page.getByRole('button', { name: 'Delete the event for everyone' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('It can be restored for 30 days');
  await dialog.getByRole('button', { name: 'Delete the event for everyone' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('an event deleted on one device shows as deleted on another, which restores it for both', {
  tag: '@any-width',
}, async ({ browser, request, baseURL }) => {
  const event = await trip(request);
  const ana = await device(browser, baseURL, event, 'Ana');
  const ben = await device(browser, baseURL, event, 'Ben');
  try {
    await deleteFromSettings(ana.page, event.id);
    // Ana's start page keeps the event, marked deleted.
    const listed = ana.page.getByRole('main').getByRole('link', { name: /Lisbon trip/ });
    await expect(listed).toContainText('Deleted on');

    // Ben has the event open: it gives way to the deleted screen at once.
    const deleted = ben.page.getByRole('region', { name: /Lisbon trip was deleted on/ });
    await expect(deleted).toBeVisible();
    await expect(deleted).toContainText('It can be restored until');
    await deleted.getByRole('button', { name: 'Restore' }).click();
    await expect(ben.home.recentExpenses).toContainText('Dinner');
    await expect(ben.page.getByRole('alert')).toContainText('“Lisbon trip” was restored');

    // Ana opens it from her list: it is back, with its expense, and no longer marked once the
    // server has answered (what the device last saw shows while it asks).
    const answered = ana.page.waitForResponse(
      (response) => response.url().endsWith(`/api/events/${event.id}`) && response.status() === 200,
    );
    await listed.click();
    await answered;
    await expect(ana.home.recentExpenses).toContainText('Dinner');
    await ana.page.goto('/');
    await expect(
      ana.page.getByRole('main').getByRole('link', { name: /Lisbon trip/ }),
    ).not.toContainText('Deleted on');
  } finally {
    await ana.context.close();
    await ben.context.close();
  }
});

test('the start page undoes a delete, and "Leave" drops a deleted event from the device', {
  tag: '@any-width',
}, async ({ browser, request, baseURL }) => {
  const event = await trip(request);
  const ana = await device(browser, baseURL, event, 'Ana');
  try {
    await deleteFromSettings(ana.page, event.id);
    const notice = ana.page.getByRole('alert');
    await expect(notice).toContainText('“Lisbon trip” was deleted');
    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect(ana.page.getByRole('alert')).toContainText('“Lisbon trip” was restored');
    const listed = ana.page.getByRole('main').getByRole('link', { name: /Lisbon trip/ });
    await expect(listed).not.toContainText('Deleted on');

    await deleteFromSettings(ana.page, event.id);
    await listed.click();
    const deleted = ana.page.getByRole('region', { name: /Lisbon trip was deleted on/ });
    await deleted.getByRole('button', { name: 'Leave' }).click();
    await expect(ana.page).toHaveURL(/\/$/);
    await expect(ana.page.getByRole('main').getByRole('link', { name: /Lisbon trip/ })).toHaveCount(
      0,
    );
  } finally {
    await ana.context.close();
  }
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the deleted-event screen is captured in ${scheme} mode`, async ({
    page,
    request,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    const event = await trip(request);
    await presetWhoAmI(page, event.id, person(event, 'Ana').id);
    await page.goto(`/event/${event.id}/home`);
    await expect(new EventHomePage(page).recentExpenses).toContainText('Dinner');
    await deleteFromSettings(page, event.id);
    await page.goto(`/event/${event.id}/home`);
    await expect(page.getByRole('region', { name: /Lisbon trip was deleted on/ })).toBeVisible();
    await page.screenshot({
      path: `${SCREENSHOTS}event-deleted-${testInfo.project.name}-${scheme}.png`,
    });
  });
}

test('an expense saved offline for an event deleted meanwhile is refused once and shown, not sent again', {
  tag: '@any-width',
}, async ({ page, context, request }) => {
  const event = await trip(request);
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  await page.goto(`/event/${event.id}/home`);
  await expect(new EventHomePage(page).recentExpenses).toContainText('Dinner');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Add expense' }).click();
  const form = new ExpenseFormPage(page);
  await form.title.fill('Boat');
  await form.amount.fill('60');
  await form.save.click();
  await expect(page.getByRole('region', { name: 'Recent expenses' })).toContainText('Boat');

  await callAsAnotherDevice(request, 'DELETE', `/api/events/${event.id}`);
  await context.setOffline(false);
  await expect(page.getByRole('region', { name: /Lisbon trip was deleted on/ })).toBeVisible();
  const status = page.getByRole('button', { name: '1 change refused' });
  await status.click();
  const dialog = page.getByRole('dialog', { name: 'Changes waiting' });
  await expect(dialog).toContainText('Save the expense “Boat”');
  await expect(dialog).toContainText('This event was deleted on');

  // Restored, the event holds what it held, and not the refused change.
  await callAsAnotherDevice(request, 'POST', `/api/events/${event.id}/restore`);
  const restored = await request.get(`/api/events/${event.id}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'Device-ID': randomUUID() },
  });
  const titles = ((await restored.json()) as { data: Event }).data.expenditures.map((e) => e.title);
  expect(titles).toEqual(['Dinner']);
});
