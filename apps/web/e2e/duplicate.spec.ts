import { expect, test } from '@playwright/test';
import { todayIn } from '@quits/domain';
import { EventHomePage } from './pages/event-home-page';
import { ExpenseFormPage } from './pages/expense-form-page';
import {
  addEvenExpense,
  addPayment,
  createEvent,
  EXPENSE_DATE,
  getEvent,
  person,
} from './support/api';
import { presetWhoAmI } from './support/storage';

test('an expense and a payment are duplicated from their forms, to today, and the copies saved', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Flat',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
  });
  await addEvenExpense(request, event, {
    title: 'Cleaning',
    amount: 4500,
    payer: 'Ben',
    among: ['Ana', 'Ben'],
  });
  await addPayment(request, event, { from: 'Chloé', to: 'Ana', amount: 1250, title: 'Rent share' });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  const home = new EventHomePage(page);
  const form = new ExpenseFormPage(page);
  const today = todayIn(event.time_zone ?? 'UTC', new Date());

  await home.goto(event.id);
  await home.recentExpenses.getByRole('link', { name: /Cleaning/ }).click();
  await expect(form.title).toHaveValue('Cleaning');
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page).toHaveURL(/\/new$/);
  await expect(page.getByRole('heading', { name: 'New expense' })).toBeVisible();
  await expect(form.title).toHaveValue('Cleaning');
  await expect(form.amount).toHaveValue('45.00');
  await expect(page.getByRole('button', { name: 'Duplicate' })).toHaveCount(0);
  await form.save.click();
  await expect(home.recentExpenses.getByRole('link', { name: /Cleaning/ })).toHaveCount(2);

  await page.goto(`/event/${event.id}/home`);
  await page.getByRole('link', { name: /Chloé pays Ana/ }).click();
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { name: 'New payment' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Amount', exact: true })).toHaveValue('12.50');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/home$/);

  const saved = await getEvent(request, event.id);
  const cleanings = saved.expenditures.filter((expense) => expense.title === 'Cleaning');
  expect(cleanings.map((expense) => expense.date).sort()).toEqual([EXPENSE_DATE, today].sort());
  const [original, copy] = cleanings.sort((a, b) =>
    a.date === EXPENSE_DATE ? -1 : b.date === EXPENSE_DATE ? 1 : 0,
  );
  expect(copy?.id).not.toBe(original?.id);
  // The copy splits as the original does: Ana and Ben, €22.50 each, Ben paid.
  expect(copy?.participant).toEqual(original?.participant);
  expect(copy?.payer).toEqual(original?.payer);
  expect(saved.payments.map((payment) => [payment.title, payment.amount])).toEqual([
    ['Rent share', 1250],
    ['Rent share', 1250],
  ]);
});
