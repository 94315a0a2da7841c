import { expect, test } from '@playwright/test';
import { ExpenseFormPage } from './pages/expense-form-page';
import { createEvent, getEvent, person } from './support/api';
import { capture, expectNoSidewaysScroll, speak } from './support/screens';
import { presetWhoAmI } from './support/storage';

test('a couple counts 2 in the default split, and every new expense starts from it', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Summer house',
    currency: 'EUR',
    people: ['Ana', 'Ben and Chloé', 'Dan'],
  });
  const ana = person(event, 'Ana').id;
  const couple = person(event, 'Ben and Chloé').id;
  const dan = person(event, 'Dan').id;
  await presetWhoAmI(page, event.id, ana);
  await speak(page, 'en');

  await page.goto(`/event/${event.id}/settings#default-split`);
  const section = page.getByRole('region', { name: 'Default split' });
  const coupleShare = section.getByRole('textbox', { name: 'Ben and Chloé' });
  await expect(coupleShare).toHaveValue('1');
  const save = section.getByRole('button', { name: 'Set the shares' });
  await expect(save).toBeDisabled();
  // A share that is not a number above 0 says so, and cannot be saved.
  await coupleShare.fill('0');
  await expect(section.getByText('A number above 0, at most 100')).toBeVisible();
  await expect(save).toBeDisabled();
  await coupleShare.fill('2');
  await save.click();
  await expect(page.getByText('Default split saved')).toBeVisible();
  await expect
    .poll(async () => (await getEvent(request, event.id)).users.map((u) => u.default_weight))
    .toEqual([1, 2, 1]);
  await expectNoSidewaysScroll(page, 'settings, default split');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The section at the top of the window, below the app bar.
    await section.evaluate((element) =>
      window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 72),
    );
    await capture(page, 'default-split', scheme, false);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // A new expense is split by those shares, and the person can still change it.
  const form = new ExpenseFormPage(page);
  await page.goto(`/event/expense/${event.id}/new`);
  await form.title.fill('Groceries');
  await form.amount.fill('40');
  await expect(page.getByRole('textbox', { name: 'Shares of Ben and Chloé' })).toHaveValue('2');
  await expect(page.getByRole('textbox', { name: 'Shares of Dan' })).toHaveValue('1');
  await form.save.click();
  await expect.poll(async () => (await getEvent(request, event.id)).expenditures.length).toBe(1);
  const groceries = (await getEvent(request, event.id)).expenditures[0];
  expect(groceries?.split).toEqual({
    mode: 'shares',
    weights: { [ana]: 1, [couple]: 2, [dan]: 1 },
  });
  expect(groceries?.participant).toEqual([
    { user_id: ana, amount: 1000 },
    { user_id: couple, amount: 2000 },
    { user_id: dan, amount: 1000 },
  ]);

  // The history says what changed.
  await page.goto(`/event/${event.id}/history`);
  await expect(page.getByText(/Share in the default split/).first()).toBeVisible();
});
