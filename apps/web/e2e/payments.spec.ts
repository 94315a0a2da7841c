import { expect, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { addEvenExpense, createEvent, getBalances, getEvent, person } from './support/api';
import { presetWhoAmI } from './support/storage';

test('a payment is recorded, corrected and deleted through its form', async ({ page, request }) => {
  const event = await createEvent(request, {
    name: 'Lisbon trip',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
  });
  await addEvenExpense(request, event, {
    title: 'Dinner',
    amount: 9000,
    payer: 'Ana',
    among: ['Ana', 'Ben', 'Chloé'],
  });
  const ben = person(event, 'Ben').id;
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  const home = new EventHomePage(page);
  await home.goto(event.id);
  const payments = page.getByRole('region', { name: 'Payments' });
  const amount = page.getByRole('textbox', { name: 'Amount' });

  await test.step('the form refuses the same person twice and a bad amount', async () => {
    await payments.getByRole('link', { name: 'Record a payment' }).click();
    await page.getByRole('combobox', { name: 'To' }).click();
    await page.getByRole('option', { name: 'Ana', exact: true }).click();
    await amount.fill('3O');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Choose two different people.')).toBeVisible();
    await expect(page.getByText('Please enter a valid number')).toBeVisible();
  });

  await test.step('Ben pays Ana 30,00 and owes nothing more', async () => {
    await page.getByRole('combobox', { name: 'From' }).click();
    await page.getByRole('option', { name: 'Ben', exact: true }).click();
    await amount.fill('30,00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(payments).toContainText('Ben pays Ana');
    await expect(home.balanceOf('Ben')).toContainText('€0.00');
    const rows = (await getBalances(request, event.id)).balances;
    expect(rows.find((row) => row.user_id === ben)?.balance).toBe(0);
  });

  await test.step('correcting the amount updates the balances; deleting removes it', async () => {
    await payments.getByRole('link', { name: /Ben pays Ana/ }).click();
    await expect(amount).toHaveValue('30.00');
    await amount.fill('20');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(home.balanceOf('Ben')).toContainText('-€10.00');

    await payments.getByRole('link', { name: /Ben pays Ana/ }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(home.balanceOf('Ben')).toContainText('-€30.00');
    expect((await getEvent(request, event.id)).payments).toHaveLength(0);
  });
});
