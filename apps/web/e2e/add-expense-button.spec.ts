import { expect, test } from '@playwright/test';
import { addEvenExpense, createEvent, person } from './support/api';
import { presetWhoAmI } from './support/storage';

test('"Add expense" is labelled and in view without scrolling on the home and the list; "No expenses yet" opens the form', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Lisbon trip',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
  });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  const add = page.getByRole('link', { name: 'Add expense', exact: true });
  const form = page.getByRole('textbox', { name: 'What for' });

  await test.step('the home: one labelled button at the top, the empty list a link', async () => {
    await page.goto(`/event/${event.id}/home`);
    await expect(add).toHaveCount(1);
    await expect(add).toBeInViewport({ ratio: 1 });
    await expect(add).toHaveText('Add expense');
    await page.getByRole('link', { name: 'No expenses yet. Add the first one.' }).click();
    await expect(form).toBeVisible();
  });

  await test.step('the expense list: the same button at its top, and the same empty link', async () => {
    await page.goto(`/event/${event.id}/expenses`);
    await expect(add).toBeInViewport({ ratio: 1 });
    await expect(add).toHaveText('Add expense');
    await page.getByRole('link', { name: 'No expenses yet. Add the first one.' }).click();
    await expect(form).toBeVisible();
  });

  await test.step('a search that finds nothing says so, and "Clear search" shows all again', async () => {
    await addEvenExpense(request, event, {
      title: 'Dinner',
      amount: 9000,
      payer: 'Ana',
      among: ['Ana', 'Ben', 'Chloé'],
    });
    await page.goto(`/event/${event.id}/expenses?q=pizza`);
    await expect(page.getByText('No expense matches.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByRole('link', { name: /Dinner/ })).toBeVisible();
    await expect(page.getByText('No expense matches.')).toHaveCount(0);
    await expect(page).not.toHaveURL(/pizza/);
  });

  await test.step('edited or deleted from a searched list, an expense returns to that list', async () => {
    await page.goto(`/event/${event.id}/expenses?q=din`);
    await page.getByRole('link', { name: /Dinner/ }).click();
    await form.fill('Dinner out');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/expenses\?q=din$/);
    await page.getByRole('link', { name: /Dinner out/ }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/expenses\?q=din$/);
    await expect(page.getByText('No expense matches.')).toBeVisible();
  });
});
