import { expect, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { ExpenseFormPage } from './pages/expense-form-page';
import { createEvent, getBalances, getEvent, person } from './support/api';
import { presetWhoAmI } from './support/storage';

test('expenses are added, split four ways, edited and deleted through the form', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Lisbon trip',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
    rates: [{ currency_id: 'USD', exchange_rate: 0.9 }],
  });
  const [ana, ben, chloe] = ['Ana', 'Ben', 'Chloé'].map((name) => person(event, name).id);
  await presetWhoAmI(page, event.id, ana ?? '');
  const home = new EventHomePage(page);
  const form = new ExpenseFormPage(page);
  await home.goto(event.id);

  await test.step('an empty title and a bad amount get the spec messages, and nothing is lost', async () => {
    await page.getByRole('link', { name: 'Add expense' }).click();
    await form.save.click();
    await expect(page.getByText('Please fill out to continue')).toHaveCount(2);
    await form.title.fill('Dinner');
    await form.amount.fill('12.5x');
    await form.save.click();
    await expect(page.getByText('Please enter a valid number')).toBeVisible();
    await expect(form.title).toHaveValue('Dinner');
    await expect(page).toHaveURL(/\/new$/);
  });

  await test.step('95,00 split evenly: a comma is a decimal separator', async () => {
    await form.amount.fill('95,00');
    await form.save.click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(home.recentExpenses).toContainText('Dinner');
    await expect(home.recentExpenses).toContainText('€95.00');
    const saved = (await getEvent(request, event.id)).expenditures[0];
    expect(saved?.participant.map((line) => line.amount).sort()).toEqual([3166, 3167, 3167]);
  });

  await test.step('a taxi by shares 2:1:1 with two payers', async () => {
    await page.getByRole('link', { name: 'Add expense' }).click();
    await form.title.fill('Taxi');
    await form.amount.fill('40');
    await form.splitBy('By shares');
    await page.getByLabel('Shares of Ana').fill('2');
    await page.getByRole('button', { name: 'Add a payer' }).click();
    await expect(page.getByText('€40.00 left')).toBeVisible();
    await page.getByRole('textbox', { name: 'Paid', exact: true }).first().fill('30');
    await page.getByRole('textbox', { name: 'Paid', exact: true }).nth(1).fill('10');
    await form.save.click();
    await expect(page).toHaveURL(/\/home$/);
    const taxi = (await getEvent(request, event.id)).expenditures.find((e) => e.title === 'Taxi');
    expect(taxi?.payer).toEqual([
      { user_id: ana, amount: 3000 },
      { user_id: ben, amount: 1000 },
    ]);
    expect(taxi?.participant).toEqual([
      { user_id: ana, amount: 2000 },
      { user_id: ben, amount: 1000 },
      { user_id: chloe, amount: 1000 },
    ]);
  });

  await test.step('a museum in US dollars shows each share in euros, and exact amounts get the rest', async () => {
    await page.getByRole('link', { name: 'Add expense' }).click();
    await form.title.fill('Museum');
    await form.amount.fill('30');
    await form.chooseCurrency('USD');
    await expect(page.getByText('€9.00')).toHaveCount(3);
    await form.splitBy('Exact amounts');
    await page.getByLabel('Amount for Ana').fill('10');
    await page.getByLabel('Amount for Ben').fill('10');
    await expect(
      page.getByText('US$10.00 left to assign').or(page.getByText('$10.00 left to assign')),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Give the rest to Ana' }).click();
    await form.save.click();
    await expect(page).toHaveURL(/\/home$/);
    const balances = await getBalances(request, event.id);
    expect(balances.balances.reduce((sum, row) => sum + row.balance, 0)).toBe(0);
  });

  await test.step('editing the dinner keeps its split; deleting the taxi removes it', async () => {
    await home.recentExpenses.getByRole('link', { name: /Dinner/ }).click();
    await expect(form.title).toHaveValue('Dinner');
    await expect(form.amount).toHaveValue(/95[.,]00?/);
    await form.title.fill('Dinner at Ramiro');
    await form.save.click();
    await expect(home.recentExpenses).toContainText('Dinner at Ramiro');

    await home.recentExpenses.getByRole('link', { name: /Taxi/ }).click();
    await form.remove.click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(home.recentExpenses).not.toContainText('Taxi');
    const titles = (await getEvent(request, event.id)).expenditures.map((e) => e.title).sort();
    expect(titles).toEqual(['Dinner at Ramiro', 'Museum']);
  });
});
