import { expect, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { ExpenseFormPage } from './pages/expense-form-page';
import { addEvenExpense, createEvent, getEvent, person } from './support/api';
import { readQueue, waitForServiceWorker, writeQueue } from './support/offline';
import { capture, expectNoSidewaysScroll } from './support/screens';
import { presetWhoAmI } from './support/storage';

const EVERYONE = ['Ana', 'Ben', 'Chloé'];

test('a refund Ana received is recorded as money received: +€30.00 in the lists, and everyone’s balance moves by their share', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Lisbon flat',
    currency: 'EUR',
    people: EVERYONE,
  });
  await addEvenExpense(request, event, {
    title: 'Flat',
    amount: 9000,
    payer: 'Ana',
    among: EVERYONE,
  });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  const home = new EventHomePage(page);
  const form = new ExpenseFormPage(page);
  await home.goto(event.id);
  // Ana paid 90.00 for three: +60.00.
  await expect(home.yourBalance).toContainText('€60.00');

  await page.getByRole('link', { name: 'Add expense' }).click();
  await page.getByRole('button', { name: 'Received', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Received', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText('Money the group received')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Money received');
  await expect(page.getByRole('group').filter({ hasText: 'Received by' }).first()).toBeVisible();
  await form.title.fill('Deposit back');
  await form.amount.fill('30');
  await page.getByRole('textbox', { name: 'Note' }).fill('Returned by the landlord');
  await expectNoSidewaysScroll(page, 'income form');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await capture(page, 'income-form', scheme);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await form.save.click();
  await expect(page.getByText('Income recorded')).toBeVisible();

  // Ana holds 30.00 of the group's, 10.00 of it hers: her +60.00 becomes +40.00.
  await expect(home.yourBalance).toContainText('€40.00');
  await expect(home.balanceOf('Ben')).toContainText('-€20.00');
  await expect(home.balanceOf('Chloé')).toContainText('-€20.00');
  const income = home.recentExpenses.getByRole('link', { name: /Deposit back/ });
  await expect(income).toContainText('+€30.00');
  await expect(income).toContainText('Received');
  const saved = await getEvent(request, event.id);
  expect(saved.expenditures.find((e) => e.title === 'Deposit back')).toMatchObject({
    kind: 'income',
    amount: 3000,
    desc: 'Returned by the landlord',
  });

  await page.getByRole('link', { name: 'All expenses' }).click();
  const row = page.getByRole('link', { name: /Deposit back/ });
  await expect(row).toContainText('Received by Ana');
  await expect(row).toContainText('+€30.00');
  await expectNoSidewaysScroll(page, 'expense list with an income');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await capture(page, 'income-list', scheme);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // The statistics tell it apart from spending.
  await page.goto(`/event/${event.id}/statistics`);
  await expect(page.getByTestId('statistics-total')).toHaveText('€90.00');
  await expect(page.getByTestId('statistics-income')).toHaveText(
    'Received €30.00 once · net €60.00',
  );

  // Reopened, it is still money received; turned into spending, the balances follow.
  await page.goto(`/event/${event.id}/home`);
  await home.recentExpenses.getByRole('link', { name: /Deposit back/ }).click();
  await expect(page.getByRole('button', { name: 'Received', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Spent', exact: true }).click();
  await form.save.click();
  // Ana paid 90.00 + 30.00 for three: +80.00.
  await expect(home.yourBalance).toContainText('€80.00');
  await page.goto(`/event/${event.id}/history`);
  await expect(page.getByText(/Spent or received/).first()).toBeVisible();
});

test('an income recorded offline shows at once and reaches the server exactly once', {
  tag: '@any-width',
}, async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const event = await createEvent(request, {
    name: 'Ski weekend',
    currency: 'EUR',
    people: EVERYONE,
  });
  await presetWhoAmI(page, event.id, person(event, 'Ben').id);
  const home = new EventHomePage(page);
  const form = new ExpenseFormPage(page);
  await home.goto(event.id);
  await waitForServiceWorker(page);
  await context.setOffline(true);

  await page.getByRole('link', { name: 'Add expense' }).click();
  await page.getByRole('button', { name: 'Received', exact: true }).click();
  await form.title.fill('Lottery win');
  await form.amount.fill('60');
  await form.save.click();
  // Ben holds 60.00 for three: he owes 40.00 at once.
  await expect(home.yourBalance).toContainText('-€40.00');
  await expect(home.recentExpenses).toContainText('+€60.00');
  const queue = await readQueue(page);
  expect(queue).toHaveLength(1);

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: /changes? waiting/ })).toHaveCount(0);
  const saved = await getEvent(request, event.id);
  expect(saved.expenditures.map((e) => [e.title, e.kind, e.amount])).toEqual([
    ['Lottery win', 'income', 6000],
  ]);

  // The same queue replayed again changes nothing.
  await writeQueue(page, queue);
  await page.reload();
  await expect.poll(() => readQueue(page)).toEqual([]);
  expect(await getEvent(request, event.id)).toEqual(saved);
  await expect(home.yourBalance).toContainText('-€40.00');
});
