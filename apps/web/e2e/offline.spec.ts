import { expect, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { ExpenseFormPage } from './pages/expense-form-page';
import { NewEventPage } from './pages/new-event-page';
import {
  addEvenExpense,
  addPayment,
  createEvent,
  getEvent,
  person,
  removePerson,
} from './support/api';
import { readQueue, waitForServiceWorker, writeQueue } from './support/offline';
import { presetWhoAmI } from './support/storage';

test('an event loaded once opens offline after a reload, with its balances', {
  tag: '@any-width',
}, async ({ page, context, request }) => {
  const event = await createEvent(request, {
    name: 'Alps',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await addEvenExpense(request, event, {
    title: 'Hut',
    amount: 8000,
    payer: 'Ana',
    among: ['Ana', 'Ben'],
  });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  const home = new EventHomePage(page);
  await home.goto(event.id);
  await expect(home.yourBalance).toContainText('€40.00');
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toContainText(
    'Offline — showing what this device knows. Last synced',
  );
  await expect(page.getByRole('button', { name: 'Offline: no changes waiting' })).toBeVisible();
  await expect(home.yourBalance).toContainText('€40.00');
  await expect(home.balanceOf('Ben')).toContainText('-€40.00');
  await expect(home.recentExpenses).toContainText('Hut');
  // Another screen, never opened before, opens offline too.
  await page.getByRole('link', { name: 'All expenses' }).click();
  await expect(page.getByRole('link', { name: /Hut/ })).toBeVisible();
});

test('changes made offline show at once, wait in a queue that survives closing the page, and are applied exactly once', {
  tag: '@any-width',
}, async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const event = await createEvent(request, {
    name: 'Lisbon trip',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
  });
  const everyone = ['Ana', 'Ben', 'Chloé'];
  await addEvenExpense(request, event, {
    title: 'Dinner',
    amount: 9000,
    payer: 'Ana',
    among: everyone,
  });
  await addPayment(request, event, { from: 'Ben', to: 'Ana', amount: 1000, title: 'Cash' });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  const home = new EventHomePage(page);
  const form = new ExpenseFormPage(page);
  await home.goto(event.id);
  // Dinner: Ana +60, Ben −30, Chloé −30; Ben paid Ana 10: Ana +50, Ben −20.
  await expect(home.yourBalance).toContainText('€50.00');
  await waitForServiceWorker(page);
  await context.setOffline(true);

  await test.step('offline: two expenses, one edited, a payment deleted, a person added', async () => {
    await page.getByRole('link', { name: 'Add expense' }).click();
    await form.title.fill('Taxi');
    await form.amount.fill('30');
    await form.save.click();
    await expect(home.recentExpenses).toContainText('Taxi');
    // At once: Ana paid 30 for three, so +20 more.
    await expect(home.yourBalance).toContainText('€70.00');

    await page.getByRole('link', { name: 'Add expense' }).click();
    await form.title.fill('Museum');
    await form.amount.fill('12');
    await form.save.click();
    await expect(home.yourBalance).toContainText('€78.00');

    await home.recentExpenses.getByRole('link', { name: /Taxi/ }).click();
    await form.amount.fill('36');
    await form.save.click();
    await expect(home.yourBalance).toContainText('€82.00');

    await page
      .getByRole('region', { name: 'Payments' })
      .getByRole('link', { name: /Ben pays Ana/ })
      .click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(home.balanceOf('Ben')).toContainText('-€46.00');
    await expect(home.yourBalance).toContainText('€92.00');

    await page.getByRole('link', { name: 'People' }).click();
    await page.getByRole('textbox', { name: 'New person’s name' }).fill('Dan');
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('list', { name: 'People' })).toContainText('Dan');
    // The edit took the place of the Taxi's first save: four changes wait.
    await expect(page.getByRole('button', { name: 'Offline: 4 changes waiting' })).toBeVisible();
  });

  const queue = await readQueue(page);
  expect(queue).toHaveLength(4);

  const reopened =
    await test.step('closing the page and opening it again keeps the queue', async () => {
      await page.close();
      const again = await context.newPage();
      await again.goto(`/event/${event.id}/home`);
      await expect(again.getByRole('button', { name: 'Offline: 4 changes waiting' })).toBeVisible();
      await expect(new EventHomePage(again).yourBalance).toContainText('€92.00');
      expect(await readQueue(again)).toEqual(queue);
      return again;
    });

  await test.step('back online, the queue replays and the server holds exactly those changes', async () => {
    await context.setOffline(false);
    await expect(reopened.getByRole('button', { name: /changes? waiting/ })).toHaveCount(0);
    const saved = await getEvent(request, event.id);
    expect(saved.expenditures.map((e) => [e.title, e.amount]).sort()).toEqual([
      ['Dinner', 9000],
      ['Museum', 1200],
      ['Taxi', 3600],
    ]);
    expect(saved.payments).toEqual([]);
    expect(saved.users.map((user) => user.name)).toEqual(['Ana', 'Ben', 'Chloé', 'Dan']);
    expect(await readQueue(reopened)).toEqual([]);
  });

  await test.step('replaying the same queue again changes nothing', async () => {
    const before = await getEvent(request, event.id);
    await writeQueue(reopened, queue);
    await reopened.reload();
    await expect.poll(() => readQueue(reopened)).toEqual([]);
    expect(await getEvent(request, event.id)).toEqual(before);
  });
});

test('a change naming someone removed meanwhile is refused, said in words, and kept until the person acts', {
  tag: '@any-width',
}, async ({ page, context, request }) => {
  const event = await createEvent(request, {
    name: 'Boat day',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
  });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  const form = new ExpenseFormPage(page);
  await page.goto(`/event/${event.id}/home`);
  await waitForServiceWorker(page);
  await context.setOffline(true);

  await page.getByRole('link', { name: 'Add expense' }).click();
  await form.title.fill('Boat');
  await form.amount.fill('60');
  await form.save.click();
  await expect(page.getByRole('region', { name: 'Recent expenses' })).toContainText('Boat');

  // Meanwhile another device removes Chloé, who is in no expense the server knows of.
  await removePerson(request, event.id, person(event, 'Chloé').id);
  await context.setOffline(false);

  // Refused changes wait for the person, not for the network, and the title bar says so.
  const status = page.getByRole('button', { name: '1 change refused' });
  await expect(status).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent expenses' })).not.toContainText('Boat');
  await status.click();
  const dialog = page.getByRole('dialog', { name: 'Changes waiting' });
  await expect(dialog).toContainText('Save the expense “Boat”');
  await expect(dialog).toContainText('Chloé was removed from this event');
  await expect(dialog.getByRole('button', { name: 'Edit' })).toBeVisible();
  // It stays until the person acts.
  await page.reload();
  await page.getByRole('button', { name: '1 change refused' }).click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  // Nothing waits any more: the dialog and the title bar's sync button go.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /changes? (waiting|refused)/ })).toHaveCount(0);
  expect((await getEvent(request, event.id)).expenditures).toEqual([]);
});

test('two devices editing different fields of the same expense offline: both changes are kept, and the history has both', {
  tag: '@any-width',
}, async ({ browser, request, baseURL }) => {
  const event = await createEvent(request, {
    name: 'Flat',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await addEvenExpense(request, event, {
    title: 'Rent',
    amount: 100000,
    payer: 'Ana',
    among: ['Ana', 'Ben'],
  });
  const devices = await Promise.all(
    ['Ana', 'Ben'].map(async (name) => {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await presetWhoAmI(page, event.id, person(event, name).id);
      await page.goto(`/event/${event.id}/home`);
      await waitForServiceWorker(page);
      await context.setOffline(true);
      const form = new ExpenseFormPage(page);
      await page.getByRole('link', { name: /Rent/ }).click();
      // Ana corrects the amount, Ben only the title.
      if (name === 'Ana') await form.amount.fill('1200');
      else await form.title.fill('Rent (March)');
      await form.save.click();
      await expect(page.getByRole('region', { name: 'Recent expenses' })).toBeVisible();
      return { context, page };
    }),
  );
  const [ana, ben] = devices;
  if (!ana || !ben) throw new Error('two devices expected');

  await ana.context.setOffline(false);
  await expect(ana.page.getByRole('button', { name: /changes? waiting/ })).toHaveCount(0);
  await ben.context.setOffline(false);
  await expect(ben.page.getByRole('button', { name: /changes? (waiting|refused)/ })).toHaveCount(0);

  const [rent] = (await getEvent(request, event.id)).expenditures;
  expect(rent).toMatchObject({ title: 'Rent (March)', amount: 120000 });
  await ana.page.reload();
  await expect(ana.page.getByRole('region', { name: 'Recent expenses' })).toContainText(
    'Rent (March)',
  );
  const activity = await request.get(`/api/events/${event.id}/activity`);
  const updates = (
    (await activity.json()) as {
      data: { action: string; after: { title?: string; amount?: number } }[];
    }
  ).data
    .filter((row) => row.action === 'updated')
    .map((row) => [row.after.title, row.after.amount]);
  expect(updates).toEqual([
    ['Rent (March)', 120000],
    ['Rent', 120000],
  ]);
  await Promise.all(devices.map((device) => device.context.close()));
});

test('an event created offline is usable at once and reaches the server when online', {
  tag: '@any-width',
}, async ({ page, context, request }) => {
  await page.goto('/new-event');
  const form = new NewEventPage(page);
  // The currency list loads once online and is kept for offline use.
  await expect(form.currency).toHaveValue('EUR — Euro');
  await waitForServiceWorker(page);
  await context.setOffline(true);

  await form.name.fill('Offline picnic');
  await form.fillPeople(['Ana', 'Ben']);
  await form.create.click();
  await expect(page).toHaveURL(/\/event\/[A-Za-z0-9_-]{22}\/home$/);
  const home = new EventHomePage(page);
  await home.chooseMe('Ana');
  const eventId = home.eventId();
  await page.getByRole('link', { name: 'Add expense' }).click();
  const expense = new ExpenseFormPage(page);
  await expense.title.fill('Bread and cheese');
  await expense.amount.fill('18');
  await expense.save.click();
  await expect(home.yourBalance).toContainText('€9.00');
  await expect(page.getByRole('button', { name: 'Offline: 2 changes waiting' })).toBeVisible();
  expect((await request.get(`/api/events/${eventId}`)).status()).toBe(404);

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: /changes? waiting/ })).toHaveCount(0);
  const saved = await getEvent(request, eventId);
  expect(saved.name).toBe('Offline picnic');
  expect(saved.users.map((user) => user.name)).toEqual(['Ana', 'Ben']);
  expect(saved.expenditures.map((e) => [e.title, e.amount])).toEqual([['Bread and cheese', 1800]]);
  await expect(home.yourBalance).toContainText('€9.00');
});
