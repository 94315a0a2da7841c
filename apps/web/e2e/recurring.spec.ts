import { expect, type Page, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { ExpenseFormPage } from './pages/expense-form-page';
import { createEvent, getEvent, person } from './support/api';
import { readQueue, waitForServiceWorker, writeQueue } from './support/offline';
import { capture, expectNoSidewaysScroll } from './support/screens';
import { presetWhoAmI } from './support/storage';

async function repeatEvery(page: Page, frequency: string): Promise<void> {
  await page.getByRole('combobox', { name: 'How often' }).click();
  await page.getByRole('option', { name: frequency, exact: true }).click();
}

test('a monthly rent repeats: this month’s is made at once, the series is listed with its next date, paused, changed from a date and stopped', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Flat share',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  const home = new EventHomePage(page);
  const form = new ExpenseFormPage(page);
  await page.goto(`/event/expense/${event.id}/new`);
  await form.title.fill('Rent');
  await form.amount.fill('900');
  await repeatEvery(page, 'Every month');
  await expect(page.getByText('Each time it falls due')).toBeVisible();
  await expectNoSidewaysScroll(page, 'expense form with a repeat');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.getByRole('group').filter({ hasText: 'Repeat' }).last().scrollIntoViewIfNeeded();
    await capture(page, 'recurring-form', scheme, false);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await form.save.click();
  await expect(page.getByText('Recurring expense saved')).toBeVisible();
  // This month's rent is an ordinary expense, made at once: Ana paid 900 for both.
  await expect(home.yourBalance).toContainText('€450.00');
  await expect(home.recentExpenses).toContainText('Rent');

  const saved = await getEvent(request, event.id);
  expect(saved.recurrences).toHaveLength(1);
  const series = saved.recurrences?.[0];
  expect(series).toMatchObject({ repeat: { frequency: 'monthly' }, next_index: 1 });
  expect(saved.expenditures.map((e) => [e.title, e.amount, e.recurrence_id])).toEqual([
    ['Rent', 90000, series?.id],
  ]);

  await page.goto(`/event/${event.id}/expenses`);
  await expect(page.getByRole('link', { name: /Rent/ })).toBeVisible();
  await page.getByRole('link', { name: 'Recurring' }).click();
  await expect(page).toHaveURL(new RegExp(`/event/${event.id}/recurring$`));
  const list = page.getByRole('list', { name: 'Recurring expenses' });
  await expect(list).toContainText('Rent');
  await expect(list).toContainText('Every month · next');
  await expect(list).toContainText('€900.00');
  await expectNoSidewaysScroll(page, 'recurring expenses');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await capture(page, 'recurring-list', scheme);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(list).toContainText('Paused');
  await expect
    .poll(async () => (await getEvent(request, event.id)).recurrences?.[0]?.paused_at)
    .not.toBeNull();
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();

  // The rent goes up from its next date: the old series ends the day before.
  await page.getByRole('link', { name: 'Change from a date' }).click();
  await expect(form.title).toHaveValue('Rent');
  await expect(form.amount).toHaveValue('900.00');
  await form.amount.fill('950');
  await form.save.click();
  await expect(page).toHaveURL(new RegExp(`/event/${event.id}/recurring$`));
  await expect(list).toContainText('Ended');
  await expect.poll(async () => (await getEvent(request, event.id)).recurrences?.length).toBe(2);
  const changed = await getEvent(request, event.id);
  const next = changed.recurrences?.find((s) => s.id !== series?.id);
  expect(next?.expense.amount).toBe(95000);
  expect(next?.repeat.start).toBe(series?.next_date);

  await page.getByRole('button', { name: 'Stop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stop “Rent”?' });
  await dialog.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  await expect
    .poll(async () =>
      (await getEvent(request, event.id)).recurrences?.map((s) => s.next_date === null),
    )
    .toEqual([true, true]);

  // The history tells it.
  await page.goto(`/event/${event.id}/history`);
  await expect(page.getByText(/set “Rent” to repeat/).first()).toBeVisible();

  // The day a recurring expense falls due is the event's: its time zone is in the settings.
  await page.goto(`/event/${event.id}/settings`);
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue(saved.time_zone ?? 'UTC');
  await zone.fill('Asia/Tok');
  await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await getEvent(request, event.id)).time_zone).toBe('Asia/Tokyo');
});

test('a recurring expense made offline shows at once and reaches the server exactly once', {
  tag: '@any-width',
}, async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const event = await createEvent(request, {
    name: 'Gym',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await presetWhoAmI(page, event.id, person(event, 'Ben').id);
  const home = new EventHomePage(page);
  const form = new ExpenseFormPage(page);
  await home.goto(event.id);
  await waitForServiceWorker(page);
  await context.setOffline(true);

  await page.getByRole('link', { name: 'Add expense' }).click();
  await form.title.fill('Gym membership');
  await form.amount.fill('40');
  await repeatEvery(page, 'Every week');
  await page.getByRole('combobox', { name: 'Ends' }).click();
  await page.getByRole('option', { name: 'After a number of times' }).click();
  await page.getByRole('textbox', { name: 'Number of times' }).fill('0');
  await form.save.click();
  await expect(page.getByText('A whole number from 1 to 1000.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Number of times' }).fill('10');
  await form.save.click();
  // This week's is shown at once: Ben paid 40 for both.
  await expect(home.yourBalance).toContainText('€20.00');
  await expect(home.recentExpenses).toContainText('Gym membership');
  const queue = await readQueue(page);
  expect(queue).toHaveLength(1);

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: /changes? waiting/ })).toHaveCount(0);
  const saved = await getEvent(request, event.id);
  expect(saved.recurrences?.map((s) => [s.expense.title, s.repeat.count])).toEqual([
    ['Gym membership', 10],
  ]);
  expect(saved.expenditures.map((e) => e.title)).toEqual(['Gym membership']);

  // The same queue replayed again changes nothing.
  await writeQueue(page, queue);
  await page.reload();
  await expect.poll(() => readQueue(page)).toEqual([]);
  expect(await getEvent(request, event.id)).toEqual(saved);
  // The list says when the series ends.
  await page.goto(`/event/${event.id}/recurring`);
  await expect(page.getByRole('list', { name: 'Recurring expenses' })).toContainText(
    /Every week · next .+ · 10 times/,
  );
});
