import { expect, test } from '@playwright/test';
import { addEvenExpense, createEvent } from './support/api';

/** How many expenses the list must stay smooth with (issue: 5,000). */
const MANY = 5_000;

test('the expense list searches, filters by person and stays light with 5,000 expenses', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const event = await createEvent(request, {
    name: 'A year in a flat',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
  });
  // Seeded through the API, twenty at a time; every 500th is Ben's rent, the rest Ana's shopping.
  for (let start = 0; start < MANY; start += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_unused, offset) => {
        const number = start + offset;
        const rent = number % 500 === 0;
        return addEvenExpense(request, event, {
          title: rent ? `Rent ${number / 500 + 1}` : `Shopping ${number}`,
          amount: 300,
          payer: rent ? 'Ben' : 'Ana',
          among: rent ? ['Ben', 'Chloé', 'Ana'] : ['Ana', 'Chloé', 'Ben'],
        });
      }),
    );
  }

  await page.goto(`/event/${event.id}/expenses`);
  const status = page.getByRole('status').filter({ hasText: /expenses?$/ });
  await expect(status).toHaveText(`${MANY} expenses`);
  // Only what is on screen is in the page, however long the list.
  expect(await page.getByRole('listitem').count()).toBeLessThan(60);

  const search = page.getByRole('searchbox', { name: 'Search expenses' });
  await search.fill('rent');
  await search.press('Enter');
  await expect(status).toHaveText('10 expenses');
  await expect(page.getByRole('link', { name: /Rent 1\b/ })).toBeVisible();

  await search.fill('');
  await page.getByRole('combobox', { name: 'Person' }).click();
  await page.getByRole('option', { name: 'Ben', exact: true }).click();
  await expect(status).toHaveText(`${MANY} expenses`);
  await search.fill('shopping 4999');
  // The debounce settles by itself, without Enter.
  await expect(status).toHaveText('1 expense');
  await page.getByRole('link', { name: /Shopping 4999/ }).click();
  await expect(page.getByLabel('What for')).toHaveValue('Shopping 4999');
});
