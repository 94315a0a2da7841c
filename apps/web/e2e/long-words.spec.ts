import { expect, test } from '@playwright/test';
import { addEvenExpense, addPayment, createEvent, person } from './support/api';
import { text } from './support/locale-texts';
import { capture, expectNoSidewaysScroll, speak } from './support/screens';
import { presetWhoAmI } from './support/storage';

/**
 * Polish, one of the languages with the longest words and every plural form (one, few, many),
 * on the screens a group opens most, at a phone's 360 px: nothing scrolls sideways. Its captures
 * are the README's second language beside Arabic.
 */
test('Polish fits 360 px: the home, the expense form, the report @any-width', async ({
  page,
  request,
}) => {
  const people = ['Agnieszka', 'Bartłomiej', 'Grzegorz'];
  const event = await createEvent(request, {
    name: 'Wyjazd do Zakopanego',
    currency: 'PLN',
    people,
  });
  await addEvenExpense(request, event, {
    title: 'Kolacja w karczmie',
    amount: 48000,
    payer: 'Agnieszka',
    among: people,
    category: 'food',
  });
  await addEvenExpense(request, event, {
    title: 'Bilety na kolejkę',
    amount: 21000,
    payer: 'Bartłomiej',
    among: people,
    category: 'transport',
  });
  await addPayment(request, event, { from: 'Grzegorz', to: 'Agnieszka', amount: 10000 });
  await presetWhoAmI(page, event.id, person(event, 'Agnieszka').id);
  await speak(page, 'pl');

  await page.goto(`/event/${event.id}/home`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.getByText(text('pl', 'event.yourBalance'), { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page, 'home');
  await capture(page, 'pl-event-home', 'light');

  await page.getByRole('link', { name: /Kolacja w karczmie/ }).click();
  const amount = page.getByRole('textbox', { name: text('pl', 'expense.amount'), exact: true });
  await expect(amount).toHaveValue(/480/);
  await expectNoSidewaysScroll(page, 'expense form');
  await capture(page, 'pl-expense-form', 'light');

  await page.goto(`/event/${event.id}/report`);
  await expect(page.getByRole('article')).toContainText('Bartłomiej');
  await expectNoSidewaysScroll(page, 'report');
  await capture(page, 'pl-report', 'light');
});
