import { expect, test } from '@playwright/test';
import { ExpenseFormPage } from './pages/expense-form-page';
import { createEvent, getBalances, getEvent, person } from './support/api';
import { typeDate } from './support/date-field';
import { capture, expectNoSidewaysScroll } from './support/screens';
import { presetWhoAmI } from './support/storage';

test('a USD expense of 2024-03-15 converts at that day’s ECB rate, its rate is overridden, and an amount charged counts exactly', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'New York',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  const [ana, ben] = ['Ana', 'Ben'].map((name) => person(event, name).id);
  await presetWhoAmI(page, event.id, ana ?? '');
  const form = new ExpenseFormPage(page);
  const rateUsed = page.getByTestId('rate-used');

  await test.step('100 USD dated 15/03/2024: 1 USD = 0.91810503 EUR, the ECB rate of that day', async () => {
    await page.goto(`/event/expense/${event.id}/new`);
    await form.title.fill('Hotel');
    await form.amount.fill('100');
    await form.chooseCurrency('USD');
    await typeDate(page.getByRole('textbox', { name: 'Date', exact: true }), '15032024');
    await expect(rateUsed).toContainText('1 USD = 0.91810503 EUR');
    await expect(rateUsed).toContainText('ECB reference rate of 15/03/2024');
    await expectNoSidewaysScroll(page, 'expense form with a rate');
    await form.save.click();
    await expect(page).toHaveURL(/\/home$/);
    const hotel = (await getEvent(request, event.id)).expenditures[0];
    expect(hotel?.rate).toEqual({
      value: 0.91810503,
      currency_id: 'EUR',
      date: '2024-03-15',
      source: 'ecb',
    });
    const balances = await getBalances(request, event.id);
    // €91.81 split in two: the odd cent goes to one of them, whichever the split picks.
    const shares = balances.balances.map((line) => line.share).sort();
    expect(shares).toEqual([4590, 4591]);
  });

  await test.step('the rate overridden: 0.95 typed', async () => {
    const hotel = (await getEvent(request, event.id)).expenditures[0];
    await page.goto(`/event/expense/${event.id}/${hotel?.id}`);
    await expect(rateUsed).toContainText('ECB reference rate of 15/03/2024');
    await page.getByRole('button', { name: 'My rate' }).click();
    await page.getByRole('textbox', { name: 'EUR for 1 USD' }).fill('0.95');
    await expect(rateUsed).toContainText('1 USD = 0.95 EUR');
    await expect(rateUsed).toContainText('typed by you');
    await form.save.click();
    await expect(page).toHaveURL(/\/home$/);
    const saved = (await getEvent(request, event.id)).expenditures[0];
    expect(saved?.rate).toMatchObject({ value: 0.95, source: 'manual' });
  });

  await test.step('a dinner of 50 USD charged €47.10 by the card, fees included', async () => {
    await page.goto(`/event/expense/${event.id}/new`);
    await form.title.fill('Dinner');
    await form.amount.fill('50');
    await form.chooseCurrency('USD');
    await page.getByRole('button', { name: 'Amount charged' }).click();
    await page.getByRole('textbox', { name: 'Amount charged in EUR' }).fill('47.10');
    await expect(rateUsed).toContainText('1 USD = 0.942 EUR');
    await expect(rateUsed).toContainText('from the amount charged');
    await expectNoSidewaysScroll(page, 'expense form with an amount charged');
    await capture(page, 'expense-amount-charged', 'light');
    await form.save.click();
    await expect(page).toHaveURL(/\/home$/);
    const dinner = (await getEvent(request, event.id)).expenditures.find(
      (expense) => expense.title === 'Dinner',
    );
    expect(dinner?.rate).toMatchObject({ source: 'charged', charged_amount: 4710 });
    const balances = await getBalances(request, event.id);
    // Hotel 100 USD at 0.95 = €95.00, dinner €47.10: Ana paid €142.10, each share is €71.05.
    expect(balances.balances.find((line) => line.user_id === ben)?.balance).toBe(-7105);
  });

  await test.step('the form in the dark', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`/event/expense/${event.id}/new`);
    await form.amount.fill('20');
    await form.chooseCurrency('USD');
    await page.getByRole('button', { name: 'Amount charged' }).click();
    await capture(page, 'expense-amount-charged', 'dark');
  });
});
