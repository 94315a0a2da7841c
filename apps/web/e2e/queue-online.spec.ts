import { expect, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { ExpenseFormPage } from './pages/expense-form-page';
import { createEvent, getEvent, person } from './support/api';
import { presetWhoAmI } from './support/storage';

test('a change kept while online, because the server asked for a pause, says so and is sent after it', {
  tag: '@any-width',
}, async ({ page, request }) => {
  const event = await createEvent(request, {
    name: 'Lisbon trip',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  const home = new EventHomePage(page);
  await home.goto(event.id);
  await expect(home.yourBalance).toContainText('€0.00');
  // The server answers the first save "too many requests, wait three seconds" (429), once.
  await page.route(
    `**/api/event/${event.id}/expenditure`,
    (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '3', 'Content-Type': 'application/json' },
        body: JSON.stringify({ message: 'Too many requests' }),
      }),
    { times: 1 },
  );

  await page.getByRole('link', { name: 'Add expense' }).click();
  const form = new ExpenseFormPage(page);
  await form.title.fill('Taxi');
  await form.amount.fill('40');
  await form.save.click();

  const notice = page.getByRole('alert');
  await expect(notice).toContainText(
    'Many changes at once. They are safe on this device and go on by themselves',
  );
  await expect(notice).not.toContainText('as soon as you are online');
  // And so it is, after the pause.
  await expect
    .poll(async () => (await getEvent(request, event.id)).expenditures.map((e) => e.title))
    .toEqual(['Taxi']);
});
