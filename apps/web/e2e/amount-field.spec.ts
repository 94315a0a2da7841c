import { expect, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { ExpenseFormPage } from './pages/expense-form-page';
import { createEvent, getEvent, person } from './support/api';
import { speak } from './support/screens';
import { presetWhoAmI } from './support/storage';

test('a sum typed as an expense’s amount shows its result under it, and the result is saved', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Market',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  const home = new EventHomePage(page);
  const form = new ExpenseFormPage(page);
  await home.goto(event.id);
  await page.getByRole('link', { name: 'Add expense' }).click();
  await form.title.fill('Groceries');
  await form.amount.fill('12.50+3.20*2');
  await expect(page.getByText('= €18.90')).toBeVisible();
  await form.amount.fill('12.50+*2');
  await expect(page.getByText(/^= /)).toHaveCount(0);
  await form.save.click();
  await expect(page.getByText('Please enter a valid number')).toBeVisible();
  await form.amount.fill('(12.50 + 3.20) × 2');
  await expect(page.getByText('= €31.40')).toBeVisible();
  await form.save.click();
  await expect(home.yourBalance).toContainText('€15.70');

  const [groceries] = (await getEvent(request, event.id)).expenditures;
  expect(groceries?.amount).toBe(3140);
});

test('in German a sum is written with decimal commas, and a payment divides to the cent', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Markt',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await speak(page, 'de');
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  await page.goto(`/event/expense/${event.id}/new`);
  await page.getByLabel('Wofür').fill('Einkauf');
  const amount = page.getByRole('textbox', { name: 'Betrag', exact: true });
  await amount.fill('12,50+3,20*2');
  await expect(page.getByText('= 18,90 €')).toBeVisible();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto(`/event/payment/${event.id}/new`);
  await page.getByRole('textbox', { name: 'Betrag', exact: true }).fill('100/3');
  await expect(page.getByText('= 33,33 €')).toBeVisible();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(/\/home$/);

  const saved = await getEvent(request, event.id);
  expect(saved.expenditures.map((expense) => expense.amount)).toEqual([1890]);
  expect(saved.payments.map((payment) => payment.amount)).toEqual([3333]);
});

test('an amount that cannot be saved says why: zero, money in typed as spending, past the largest', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, { name: 'Limits', currency: 'EUR', people: ['Ana'] });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  await page.goto(`/event/expense/${event.id}/new`);
  const form = new ExpenseFormPage(page);
  await form.title.fill('Refund');
  const cases: [string, string][] = [
    ['0', 'Must be more than zero'],
    ['-5', 'Must be more than zero. For money the group received, choose “Received”.'],
    ['2000000000', 'Must be at most €1,000,000,000.00'],
    ['99999999999999999', 'Must be at most €1,000,000,000.00'],
    ['5-10', 'Must be more than zero. For money the group received, choose “Received”.'],
  ];
  for (const [typed, message] of cases) {
    await form.amount.fill(typed);
    await form.save.click();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // Money received is more than zero too, without the hint it already follows.
  await page.getByRole('button', { name: 'Received', exact: true }).click();
  await form.amount.fill('-5');
  await expect(page.getByText('Must be more than zero', { exact: true })).toBeVisible();

  await page.goto(`/event/payment/${event.id}/new`);
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Must be more than zero', { exact: true })).toBeVisible();
  expect((await getEvent(request, event.id)).expenditures).toEqual([]);
});
