import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import type { Event } from '@quits/contract';
import { ExpenseFormPage } from './pages/expense-form-page';
import { addEvenExpense, addPayment, createEvent, getEvent, person } from './support/api';
import { typeDate } from './support/date-field';
import { capture, expectNoSidewaysScroll, speak } from './support/screens';
import { presetWhoAmI } from './support/storage';

const HEADERS = {
  'X-Requested-With': 'XMLHttpRequest',
  'Content-Type': 'application/json',
  'Device-ID': randomUUID(),
};

/** Sets when someone was there, as another device would. */
async function setPresence(
  request: APIRequestContext,
  event: Event,
  name: string,
  presence: { from: string; to: string }[],
): Promise<void> {
  const id = person(event, name).id;
  const response = await request.put(`/api/event/${event.id}/users/${id}/presence`, {
    headers: HEADERS,
    data: { presence },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a person who joined later is left out of an earlier expense by default, and can be ticked', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Flat',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
  });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  await speak(page, 'en');

  // Chloé moved in on 10 March: set on her page.
  await page.goto(`/event/${event.id}/people/${person(event, 'Chloé').id}`);
  const presence = page.getByRole('region', { name: 'When they were there' });
  await presence.getByRole('button', { name: 'Add a period' }).click();
  await typeDate(presence.getByRole('textbox', { name: 'From' }), '10032026');
  await typeDate(presence.getByRole('textbox', { name: 'To' }), '31122026');
  await presence.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Saved: the days Chloé was there');
  await expect
    .poll(async () => person(await getEvent(request, event.id), 'Chloé').presence)
    .toEqual([{ from: '2026-03-10', to: '2026-12-31' }]);
  await expectNoSidewaysScroll(page, 'person page');
  await capture(page, 'presence-person', 'light');

  const form = new ExpenseFormPage(page);
  await page.goto(`/event/expense/${event.id}/new`);
  await form.title.fill('Cleaning');
  await form.amount.fill('60');
  await typeDate(page.getByRole('textbox', { name: 'Date' }), '01032026');
  await expect(page.getByRole('checkbox', { name: 'Chloé takes part' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Ben takes part' })).toBeChecked();
  await expect(page.getByRole('note')).toHaveText(/Left out, not there on .*: Chloé/);
  await capture(page, 'presence-left-out', 'light');

  // On a day she was there, she is ticked again; the person can still change it by hand.
  await typeDate(page.getByRole('textbox', { name: 'Date' }), '15032026');
  await expect(page.getByRole('checkbox', { name: 'Chloé takes part' })).toBeChecked();
  await typeDate(page.getByRole('textbox', { name: 'Date' }), '01032026');
  await expect(page.getByRole('checkbox', { name: 'Chloé takes part' })).not.toBeChecked();
  await form.save.click();
  await expect
    .poll(async () => (await getEvent(request, event.id)).expenditures[0]?.participant.length)
    .toBe(2);
  const saved = (await getEvent(request, event.id)).expenditures[0];
  expect(saved?.participant.map((line) => line.amount)).toEqual([3000, 3000]);
});

test('a month’s rent split by days present, to the cent, counts whoever was there on any of its days', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Flat',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await setPresence(request, event, 'Ben', [{ from: '2026-03-17', to: '2026-12-31' }]);
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  await speak(page, 'en');
  const form = new ExpenseFormPage(page);
  await page.goto(`/event/expense/${event.id}/new`);
  await form.title.fill('Rent March');
  await form.amount.fill('900');
  // Paid on the 10th, before Ben came: split evenly he is left out, by days he is in.
  await typeDate(page.getByRole('textbox', { name: 'Date' }), '10032026');
  await expect(page.getByRole('checkbox', { name: 'Ben takes part' })).not.toBeChecked();
  await form.splitBy('By days present');
  await expect(page.getByRole('checkbox', { name: 'Ben takes part' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue('01/03/2026');
  await expect(page.getByRole('textbox', { name: 'To' })).toHaveValue('31/03/2026');
  await expect(page.getByText('31 days')).toBeVisible();
  await expect(page.getByText('15 days')).toBeVisible();
  await expect(page.getByText('€606.52')).toBeVisible();
  await expect(page.getByText('€293.48')).toBeVisible();
  await expectNoSidewaysScroll(page, 'expense form, by days present');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await capture(page, 'split-by-days', scheme);
  }
  await form.save.click();
  await expect.poll(async () => (await getEvent(request, event.id)).expenditures.length).toBe(1);
  const rent = (await getEvent(request, event.id)).expenditures[0];
  expect(rent?.split).toMatchObject({
    mode: 'days',
    period: { from: '2026-03-01', to: '2026-03-31' },
  });
  expect(rent?.participant).toEqual([
    { user_id: person(event, 'Ana').id, amount: 60_652 },
    { user_id: person(event, 'Ben').id, amount: 29_348 },
  ]);
});

test('balances through time are drawn on the statistics screen and a person’s page', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Trip',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
  });
  await addEvenExpense(request, event, {
    title: 'Hotel',
    amount: 30_000,
    payer: 'Ana',
    among: ['Ana', 'Ben', 'Chloé'],
    date: '2026-11-10',
  });
  await addEvenExpense(request, event, {
    title: 'Dinner',
    amount: 9_000,
    payer: 'Ben',
    among: ['Ana', 'Ben', 'Chloé'],
    date: '2026-11-14',
  });
  await addPayment(request, event, { from: 'Chloé', to: 'Ana', amount: 13_000 });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  await speak(page, 'en');

  await page.goto(`/event/${event.id}/statistics`);
  const chart = page.getByTestId('balance-timeline');
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg path.MuiLineElement-root')).toHaveCount(3);
  await expect(chart.getByText(/Settle-up: /)).toBeVisible();
  await expect(chart.getByText(/3 days with entries/)).toBeVisible();
  await expectNoSidewaysScroll(page, 'statistics');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await chart.scrollIntoViewIfNeeded();
    await capture(page, 'balance-timeline', scheme);
  }

  await page.goto(`/event/${event.id}/people/${person(event, 'Ana').id}`);
  const own = page.getByTestId('balance-timeline');
  await expect(own).toBeVisible();
  await expect(own.locator('svg path.MuiLineElement-root')).toHaveCount(1);
  await capture(page, 'balance-timeline-person', 'light');
});
