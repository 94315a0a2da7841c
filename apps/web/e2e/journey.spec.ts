import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { EventHomePage } from './pages/event-home-page';
import { ExpenseFormPage } from './pages/expense-form-page';
import { NewEventPage } from './pages/new-event-page';
import { getBalances, getEvent } from './support/api';
import { readStorageText } from './support/storage';

const PEOPLE = ['Ana', 'Ben', 'Chloé'] as const;

/**
 * The whole trip as a new user runs it, every step through the screens: create the event, say
 * who I am, add expenses split three ways (one with two payers, one in dollars), record a
 * payment, settle, correct and delete, search, switch theme, come back through /last-event.
 */
test('a new user runs a whole trip in the app, from creating it to settling up', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const form = new NewEventPage(page);
  const home = new EventHomePage(page);
  const expense = new ExpenseFormPage(page);
  const shell = new AppShell(page);
  const notice = page.getByRole('alert');

  await test.step('the start page leads to the new event form; it creates the trip', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.getByText('Events you create or open appear here.')).toBeVisible();
    await page.getByRole('link', { name: 'Create an event' }).click();
    await expect(page).toHaveURL(/\/new-event$/);
    await form.name.fill('Lisbon trip');
    await form.chooseCurrency('EUR', 'EUR — Euro');
    await form.fillPeople(PEOPLE);
    await form.create.click();
    await expect(page).toHaveURL(/\/event\/[A-Za-z0-9_-]{22,}\/home$/);
    await expect(page).toHaveTitle('Lisbon trip · Quits');
  });

  await test.step('the app asks who I am, and I am Ana; nobody owes anything yet', async () => {
    await expect(home.whoAmIQuestion).toContainText('Chloé');
    await home.chooseMe('Ana');
    await expect(home.yourBalance).toContainText('€0.00');
    await expect(home.settledUp).toBeVisible();
    await expect(home.recentExpenses).toContainText('No expenses yet.');
  });
  const eventId = home.eventId();

  await test.step('settings: US dollars at 0.90 €', async () => {
    await page.getByRole('link', { name: 'Event settings' }).click();
    await page.getByRole('button', { name: 'Add currency' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add currency' });
    await dialog.getByRole('combobox', { name: 'Select currency' }).fill('USD');
    await page.getByRole('option', { name: /USD — US Dollar/ }).click();
    await dialog.getByRole('textbox', { name: /Exchange rate/ }).fill('0,90');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(notice).toContainText('Currency added successfully');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  await test.step('an empty title and a bad amount get the spec’s messages; nothing typed is lost', async () => {
    await page.getByRole('link', { name: 'Add expense' }).click();
    await expense.save.click();
    await expect(page.getByText('Please fill out to continue')).toHaveCount(2);
    await expense.title.fill('Dinner');
    await expense.amount.fill('9O,00');
    await expense.save.click();
    await expect(page.getByText('Please enter a valid number')).toBeVisible();
    await expect(expense.title).toHaveValue('Dinner');
  });

  await test.step('a dinner of 90,00 that Ana paid, split evenly', async () => {
    await expense.amount.fill('90,00');
    await expense.save.click();
    await expect(notice).toContainText('Expense created successfully!');
    await expect(home.recentExpenses).toContainText('€90.00');
  });

  await test.step('a taxi of 40 by shares 2:1:1, paid by Ana (30) and Ben (10)', async () => {
    await page.getByRole('link', { name: 'Add expense' }).click();
    await expense.title.fill('Taxi');
    await expense.amount.fill('40');
    await expense.splitBy('By shares');
    await page.getByLabel('Shares of Ana').fill('2');
    await page.getByRole('button', { name: 'Add a payer' }).click();
    await page.getByRole('textbox', { name: 'Paid', exact: true }).first().fill('30');
    await page.getByRole('textbox', { name: 'Paid', exact: true }).nth(1).fill('10');
    await expense.save.click();
    await expect(home.recentExpenses).toContainText('Taxi');
  });

  await test.step('a museum of 30 US dollars: each share is shown in euros', async () => {
    await page.getByRole('link', { name: 'Add expense' }).click();
    await expense.title.fill('Museum');
    await expense.amount.fill('30');
    await expense.chooseCurrency('USD');
    await expect(page.getByText('€9.00')).toHaveCount(3);
    await expense.save.click();
    await expect(home.recentExpenses).toContainText('Museum');
  });

  await test.step('Chloé pays Ben 10 €', async () => {
    await page.getByRole('link', { name: 'Record a payment' }).click();
    await page.getByRole('combobox', { name: 'From' }).click();
    await page.getByRole('option', { name: 'Chloé', exact: true }).click();
    await page.getByRole('combobox', { name: 'To' }).click();
    await page.getByRole('option', { name: 'Ben', exact: true }).click();
    await page.getByRole('textbox', { name: 'Amount' }).fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notice).toContainText('Payment recorded');
  });

  await test.step('the balances and the suggested transfers on screen', async () => {
    // Dinner: Ana +60, Ben −30, Chloé −30. Taxi: Ana +10, Chloé −10. Museum (27 €): Ana +18,
    // Ben −9, Chloé −9. Payment: Chloé +10, Ben −10.
    await expect(home.yourBalance).toContainText('€88.00');
    await expect(home.balanceOf('Ben')).toContainText('-€49.00');
    await expect(home.balanceOf('Chloé')).toContainText('-€39.00');
    await expect(home.transfers.getByRole('listitem')).toHaveCount(2);
    await expect(home.transfer('Ben', 'Ana')).toContainText('€49.00');
    await expect(home.transfer('Chloé', 'Ana')).toContainText('€39.00');
    const balances = await getBalances(request, eventId);
    expect(balances.balances.reduce((sum, row) => sum + row.balance, 0)).toBe(0);
  });

  await test.step('marking Ben’s transfer as paid evens Ben out', async () => {
    await home.transfer('Ben', 'Ana').getByRole('button', { name: 'Mark as paid' }).click();
    await expect(home.transfer('Ben', 'Ana')).toHaveCount(0);
    await expect(home.balanceOf('Ben')).toContainText('is settled');
    await expect(home.yourBalance).toContainText('€39.00');
  });

  await test.step('the dinner is renamed, the taxi deleted', async () => {
    await home.recentExpenses.getByRole('link', { name: /Dinner/ }).click();
    await expect(expense.amount).toHaveValue('90.00');
    await expense.title.fill('Dinner at Ramiro');
    await expense.save.click();
    await expect(home.recentExpenses).toContainText('Dinner at Ramiro');
    await home.recentExpenses.getByRole('link', { name: /Taxi/ }).click();
    await expense.remove.click();
    await expect(notice).toContainText('Expense deleted');
    await expect(home.recentExpenses).not.toContainText('Taxi');
    const titles = (await getEvent(request, eventId)).expenditures.map((e) => e.title).sort();
    expect(titles).toEqual(['Dinner at Ramiro', 'Museum']);
  });

  await test.step('the expense list finds the dinner by a word of its title', async () => {
    await page.getByRole('link', { name: 'All expenses' }).click();
    const search = page.getByRole('searchbox', { name: 'Search expenses' });
    await search.fill('ramiro');
    await search.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: /expenses?\b/ })).toHaveText(
      '1 expense · €90.00 in all',
    );
    await expect(page.getByRole('link', { name: /Dinner at Ramiro/ })).toBeVisible();
  });

  await test.step('dark mode is chosen and kept after a reload', async () => {
    await shell.openDrawer();
    await shell.darkMode.click();
    await expect(shell.darkMode).toBeChecked();
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search expenses' })).toBeVisible();
    expect(await readStorageText(page, 'theme')).toBe('dark');
    await expect.poll(() => shell.backgroundColour()).toBe('rgb(15, 20, 18)');
  });

  await test.step('/last-event comes back to the trip', async () => {
    await page.goto('/');
    await page.goto('/last-event');
    await expect(page).toHaveURL(new RegExp(`/event/${eventId}/home$`));
    // Without the taxi (Ana +10), Ana is owed 10 € less.
    await expect(home.balanceOf('Ana')).toContainText('€29.00');
  });
});
