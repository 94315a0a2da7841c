import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { addEvenExpense, createEvent, exportEvent, importEvent } from './support/api';

/** How many expenses the list must stay smooth with (issue: 5,000). */
const MANY = 5_000;

test('the expense list searches, filters by person and stays light with 5,000 expenses', async ({
  page,
  request,
}) => {
  // Two expenses through the API, their export copied into 5,000 and imported as one event:
  // every 500th is Ben's rent, the rest Ana's shopping.
  const draft = await createEvent(request, {
    name: 'A year in a flat',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
  });
  await addEvenExpense(request, draft, {
    title: 'Rent',
    amount: 300,
    payer: 'Ben',
    among: ['Ben', 'Chloé', 'Ana'],
  });
  await addEvenExpense(request, draft, {
    title: 'Shopping',
    amount: 300,
    payer: 'Ana',
    among: ['Ana', 'Chloé', 'Ben'],
  });
  const file = await exportEvent(request, draft.id);
  const titled = (title: string) => {
    const found = file.expenditures.find((expense) => expense.title === title);
    if (!found) throw new Error(`the export has no ${title}`);
    return found;
  };
  const rent = titled('Rent');
  const shopping = titled('Shopping');
  const event = await importEvent(request, {
    ...file,
    expenditures: Array.from({ length: MANY }, (_unused, number) => {
      const isRent = number % 500 === 0;
      return {
        ...(isRent ? rent : shopping),
        id: randomUUID(),
        title: isRent ? `Rent ${number / 500 + 1}` : `Shopping ${number}`,
      };
    }),
  });

  await page.goto(`/event/${event.id}/expenses`);
  const status = page.getByRole('status').filter({ hasText: /expenses?\b/ });
  await expect(status).toHaveText('5,000 expenses');
  // Only what is on screen is in the page, however long the list.
  expect(await page.getByRole('listitem').count()).toBeLessThan(60);

  const search = page.getByRole('searchbox', { name: 'Search expenses' });
  await search.fill('rent');
  await search.press('Enter');
  await expect(status).toHaveText('10 expenses · €30.00 in all');
  await expect(page.getByRole('link', { name: /Rent 1\b/ })).toBeVisible();

  await search.fill('');
  await page.getByRole('combobox', { name: 'Person' }).click();
  await page.getByRole('option', { name: 'Ben', exact: true }).click();
  await expect(status).toHaveText('5,000 expenses · €15,000.00 in all');
  await search.fill('shopping 4999');
  // The debounce settles by itself, without Enter.
  await expect(status).toHaveText('1 expense · €3.00 in all');
  await page.getByRole('link', { name: /Shopping 4999/ }).click();
  await expect(page.getByLabel('What for')).toHaveValue('Shopping 4999');
});

test('the expense list filters by category, role, dates, amount and currency, in the address', async ({
  page,
  request,
}, testInfo) => {
  const event = await createEvent(request, {
    name: 'Spring in Rome',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
    rates: [{ currency_id: 'USD', exchange_rate: 0.5 }],
  });
  const everyone = ['Ana', 'Ben', 'Chloé'];
  const add = (input: Parameters<typeof addEvenExpense>[2]) =>
    addEvenExpense(request, event, input);
  await add({
    title: 'Hotel',
    amount: 60000,
    payer: 'Ana',
    among: everyone,
    date: '2026-03-01',
    category: 'accommodation',
  });
  await add({
    title: 'Taxi',
    amount: 2400,
    payer: 'Ben',
    among: ['Ana', 'Ben'],
    date: '2026-03-02',
    category: 'transport',
  });
  await add({
    title: 'Museum',
    amount: 3000,
    payer: 'Chloé',
    among: everyone,
    date: '2026-03-03',
    currency: 'USD',
    category: 'activities',
  });
  await add({
    title: 'Groceries',
    amount: 4500,
    payer: 'Ana',
    among: everyone,
    date: '2026-03-04',
    category: 'groceries',
    desc: 'bus ticket home included',
  });
  await add({
    title: 'Bus',
    amount: 600,
    payer: 'Ben',
    among: everyone,
    date: '2026-03-05',
    category: 'transport',
  });

  await page.goto(`/event/${event.id}/expenses`);
  const status = page.getByRole('status').filter({ hasText: /expenses?\b/ });
  await expect(status).toHaveText('5 expenses');

  // The search reads notes too.
  await page.getByRole('searchbox', { name: 'Search expenses' }).fill('bus');
  await expect(status).toHaveText('2 expenses · €51.00 in all');
  await page.getByRole('button', { name: 'Remove filter: “bus”' }).click();
  await expect(status).toHaveText('5 expenses');
  await expect(page.getByRole('searchbox', { name: 'Search expenses' })).toHaveValue('');

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('combobox', { name: 'Categories' }).click();
  await page.getByRole('option', { name: 'Transport' }).click();
  await page.getByRole('option', { name: 'Activities' }).click();
  await page.keyboard.press('Escape');
  // $30.00 counts as €15.00 in the total.
  await expect(status).toHaveText('3 expenses · €45.00 in all');
  await expect(page).toHaveURL(/category=transport&category=activities/);

  await page.getByRole('combobox', { name: 'Person' }).click();
  await page.getByRole('option', { name: 'Ben', exact: true }).click();
  await page.getByRole('combobox', { name: 'As' }).click();
  await page.getByRole('option', { name: 'Paid', exact: true }).click();
  await expect(status).toHaveText('2 expenses · €30.00 in all');
  await expect(page.getByRole('button', { name: 'Remove filter: Paid by Ben' })).toBeVisible();

  // Amounts are typed in the event's currency; a bound that is not a number says so.
  const atLeast = page.getByRole('textbox', { name: 'At least (EUR)' });
  await atLeast.fill('abc');
  await expect(page.getByText('Please enter a valid number')).toBeVisible();
  await atLeast.fill('10');
  await expect(status).toHaveText('1 expense · €24.00 in all');

  // The filtered list lives in its address: reloaded (or shared), it is the same list.
  await page.reload();
  await expect(status).toHaveText('1 expense · €24.00 in all');
  await expect(page.getByRole('link', { name: /Taxi/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove filter: ≥ €10.00' })).toBeVisible();

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({
      path: testInfo.outputPath(`expense-filters-${scheme}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'pixels the page is wider than the window').toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(status).toHaveText('5 expenses');
  await expect(page).toHaveURL(new RegExp(`/event/${event.id}/expenses$`));

  // A link that names a date range and a currency opens that list.
  await page.goto(`/event/${event.id}/expenses?from=2026-03-02&to=2026-03-04&currency=USD`);
  await expect(status).toHaveText('1 expense · €15.00 in all');
  await expect(page.getByRole('link', { name: /Museum/ })).toBeVisible();
  // A hand-edited address that means nothing is the whole list, not an error.
  await page.goto(`/event/${event.id}/expenses?from=soon&min=-3&category=nonsense`);
  await expect(status).toHaveText('5 expenses');
});
