import { randomUUID } from 'node:crypto';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import type { Event } from '@quits/contract';
import { ExpenseFormPage } from './pages/expense-form-page';
import { addEvenExpense, createEvent, getEvent, person, removePerson } from './support/api';
import {
  INSTANCES_NEED,
  instancesAvailable,
  type ServerInstances,
  startInstances,
} from './support/instances';
import { waitForServiceWorker } from './support/offline';
import { presetWhoAmI } from './support/storage';

/**
 * Two devices, each on its own server instance (one PostgreSQL database), editing the same
 * event while offline: edits of different fields both stay; a field both changed asks the
 * device that syncs last; a change naming a removed person, or editing a deleted entry, can be
 * put right instead of only discarded.
 */
test.skip(!instancesAvailable(), INSTANCES_NEED);
test.describe.configure({ mode: 'serial' });
// Each test opens one or two browsers, which each store the whole app for offline use before it
// begins, against two servers: on two busy cores that alone has taken 40 s of a minute.
test.slow();

let servers: ServerInstances;
const apis: APIRequestContext[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  servers = await startInstances(2);
  for (const instance of servers.instances) {
    apis.push(await playwrightRequest.newContext({ baseURL: instance.baseURL }));
  }
});

test.afterAll(async () => {
  await Promise.all(apis.map((api) => api.dispose()));
  await servers?.stopAll();
});

/** The API of instance `index` (0: device A's, 1: device B's). */
function api(index: number): APIRequestContext {
  const found = apis[index];
  if (!found) throw new Error(`no instance ${index}`);
  return found;
}

interface Device {
  page: Page;
  close(): Promise<void>;
  setOffline(offline: boolean): Promise<void>;
}

/** A browser on instance `index`, as `name`, with the event loaded and ready to go offline. */
async function openDevice(
  browser: Browser,
  index: number,
  event: Event,
  name: string,
): Promise<Device> {
  const baseURL = servers.instances[index]?.baseURL;
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await presetWhoAmI(page, event.id, person(event, name).id);
  await page.goto(`/event/${event.id}/home`);
  await waitForServiceWorker(page);
  await expect(page.getByRole('link', { name: 'Add expense' })).toBeVisible();
  return {
    page,
    close: () => context.close(),
    setOffline: (offline) => context.setOffline(offline),
  };
}

/** Opens the expense called `title` in its form. */
async function openExpense(page: Page, title: string): Promise<ExpenseFormPage> {
  await page
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  const form = new ExpenseFormPage(page);
  await expect(form.title).toHaveValue(title);
  return form;
}

/** Saves the form offline and sees the change kept on the device. */
async function saveOffline(form: ExpenseFormPage): Promise<void> {
  await form.save.click();
  await expect(form.page.getByRole('region', { name: 'Recent expenses' })).toBeVisible();
}

async function flatWithRent(people: readonly string[] = ['Ana', 'Ben']): Promise<Event> {
  const event = await createEvent(api(0), { name: 'Flat', currency: 'EUR', people });
  await addEvenExpense(api(0), event, { title: 'Rent', amount: 3000, payer: 'Ana', among: people });
  return event;
}

/**
 * Nothing waits any more: the sync list (which hides the title bar from the accessibility tree
 * while open) and the title bar's sync button are gone.
 */
async function nothingWaits(page: Page): Promise<void> {
  await expect(page.getByRole('dialog', { name: 'Changes waiting' })).toBeHidden();
  await expect(page.getByRole('button', { name: /changes? (waiting|refused)/ })).toHaveCount(0);
}

test('two devices change different fields of an expense offline: both changes are kept', {
  tag: '@any-width',
}, async ({ browser }) => {
  const event = await flatWithRent();
  const a = await openDevice(browser, 0, event, 'Ana');
  const b = await openDevice(browser, 1, event, 'Ben');
  await a.setOffline(true);
  await b.setOffline(true);

  const formA = await openExpense(a.page, 'Rent');
  await formA.amount.fill('45');
  await saveOffline(formA);
  const formB = await openExpense(b.page, 'Rent');
  await formB.title.fill('Rent (March)');
  await saveOffline(formB);

  await a.setOffline(false);
  await nothingWaits(a.page);
  await b.setOffline(false);
  await nothingWaits(b.page);

  const [rent] = (await getEvent(api(1), event.id)).expenditures;
  expect(rent).toMatchObject({ title: 'Rent (March)', amount: 4500 });
  await expect(b.page.getByRole('region', { name: 'Recent expenses' })).toContainText(
    'Rent (March)',
  );
  await a.close();
  await b.close();
});

for (const keep of ['mine', 'theirs'] as const) {
  test(`both devices change an expense's title offline: the one that syncs last is asked, and "keep ${keep}" keeps ${keep === 'mine' ? 'its' : 'the other'} title`, {
    tag: '@any-width',
  }, async ({ browser }) => {
    const event = await flatWithRent();
    const a = await openDevice(browser, 0, event, 'Ana');
    const b = await openDevice(browser, 1, event, 'Ben');
    await a.setOffline(true);
    await b.setOffline(true);
    const formA = await openExpense(a.page, 'Rent');
    await formA.title.fill('Rent (Ana)');
    await saveOffline(formA);
    const formB = await openExpense(b.page, 'Rent');
    await formB.title.fill('Rent (Ben)');
    await formB.amount.fill('31');
    await saveOffline(formB);

    await a.setOffline(false);
    await nothingWaits(a.page);
    await b.setOffline(false);
    const status = b.page.getByRole('button', { name: '1 change refused' });
    await expect(status).toBeVisible();
    await status.click();
    const choice = b.page.getByRole('group', { name: 'Changed on another device meanwhile' });
    await expect(choice).toContainText('Title: yours “Rent (Ben)”, Ana’s “Rent (Ana)”');
    await choice
      .getByRole('button', { name: keep === 'mine' ? 'Keep mine' : 'Keep theirs' })
      .click();
    await nothingWaits(b.page);

    const [rent] = (await getEvent(api(0), event.id)).expenditures;
    // The amount only Ben changed goes through either way.
    expect(rent).toMatchObject({
      title: keep === 'mine' ? 'Rent (Ben)' : 'Rent (Ana)',
      amount: 3100,
    });
    await a.close();
    await b.close();
  });
}

test('an expense naming someone another device removed meanwhile says so, and can be edited and sent again', {
  tag: '@any-width',
}, async ({ browser }) => {
  const event = await createEvent(api(0), {
    name: 'Boat day',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Dan'],
  });
  const a = await openDevice(browser, 0, event, 'Ana');
  await a.setOffline(true);
  await a.page.getByRole('link', { name: 'Add expense' }).click();
  const form = new ExpenseFormPage(a.page);
  await form.title.fill('Boat');
  await form.amount.fill('60');
  await saveOffline(form);

  await removePerson(api(1), event.id, person(event, 'Dan').id);
  await a.setOffline(false);
  const status = a.page.getByRole('button', { name: '1 change refused' });
  await expect(status).toBeVisible();
  await status.click();
  const dialog = a.page.getByRole('dialog', { name: 'Changes waiting' });
  await expect(dialog).toContainText('Dan was removed from this event');
  await dialog.getByRole('button', { name: 'Edit' }).click();

  await expect(a.page.getByText('This change was refused by the server.')).toBeVisible();
  await expect(form.title).toHaveValue('Boat');
  await form.save.click();
  await nothingWaits(a.page);
  const [boat] = (await getEvent(api(1), event.id)).expenditures;
  expect(boat?.participant.map((line) => line.amount)).toEqual([3000, 3000]);
  await a.close();
});

test('an edit of an expense another device deleted meanwhile can restore it and apply the edit', {
  tag: '@any-width',
}, async ({ browser }) => {
  const event = await flatWithRent();
  const a = await openDevice(browser, 0, event, 'Ana');
  await a.setOffline(true);
  const form = await openExpense(a.page, 'Rent');
  await form.title.fill('Rent (Ana)');
  await saveOffline(form);

  const [rent] = (await getEvent(api(1), event.id)).expenditures;
  const deleted = await api(1).delete(`/api/event/${event.id}/expenditure/${rent?.id}`, {
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      'Device-ID': randomUUID(),
      'Who-Am-I': person(event, 'Ben').id,
    },
  });
  expect(deleted.status(), await deleted.text()).toBe(200);

  await a.setOffline(false);
  await a.page.getByRole('button', { name: '1 change refused' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Changes waiting' });
  await expect(dialog).toContainText('Ben deleted this expense');
  await dialog.getByRole('button', { name: 'Restore and apply my edit' }).click();
  await nothingWaits(a.page);

  const [restored] = (await getEvent(api(1), event.id)).expenditures;
  expect(restored).toMatchObject({ title: 'Rent (Ana)', amount: 3000, deleted_at: null });
  await a.close();
});
