import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Event, ExpenditureBody } from '@quits/contract';
import { addPayment, createEvent, EXPENSE_DATE, person } from './support/api';
import { text } from './support/locale-texts';
import { capture, expectNoSidewaysScroll, speak } from './support/screens';
import { presetWhoAmI } from './support/storage';

const HEADERS = {
  'X-Requested-With': 'XMLHttpRequest',
  'Content-Type': 'application/json',
  'Device-ID': randomUUID(),
};

/** An expense `payer` paid in full, split evenly among all three (amounts divide by 3). */
async function addExpense(
  request: APIRequestContext,
  event: Event,
  input: { title: string; amount: number; currency: string; payer: string },
): Promise<void> {
  const payer = person(event, input.payer);
  const body = {
    id: randomUUID(),
    title: input.title,
    desc: '',
    date: EXPENSE_DATE,
    amount: input.amount,
    currency_id: input.currency,
    user_id: payer.id,
    category: null,
    payer: [{ user_id: payer.id, amount: input.amount }],
    participant: event.users.map((user) => ({ user_id: user.id, amount: input.amount / 3 })),
    split: { mode: 'evenly' },
  } satisfies ExpenditureBody;
  const response = await request.post(`/api/event/${event.id}/expenditure`, {
    headers: HEADERS,
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * A trip in euros with one taxi paid in dollars at the event's rate of 0.50 and one payment:
 * Ana paid €3,600.00, Bruno $24.00 (€12.00), everyone's share is €1,204.00; Chloé paid Ana €5.00.
 * Paid minus share: Ana €2,396.00, Bruno -€1,192.00, Chloé -€1,204.00; after the payment Ana
 * €2,391.00 and Chloé -€1,199.00.
 */
async function seedTrip(request: APIRequestContext): Promise<Event> {
  const event = await createEvent(request, {
    name: 'Lisboa',
    currency: 'EUR',
    people: ['Ana', 'Bruno', 'Chloé'],
    rates: [{ currency_id: 'USD', exchange_rate: 0.5 }],
  });
  await addExpense(request, event, {
    title: 'Dinner',
    amount: 360_000,
    currency: 'EUR',
    payer: 'Ana',
  });
  await addExpense(request, event, {
    title: 'Taxi',
    amount: 2400,
    currency: 'USD',
    payer: 'Bruno',
  });
  await addPayment(request, event, { from: 'Chloé', to: 'Ana', amount: 500 });
  return event;
}

/**
 * Every amount on the screen (`data-amount`, the money component's mark) that is broken over
 * more than one line, or runs out of the window; with its text, for the failure message.
 */
async function brokenAmounts(page: Page): Promise<string[]> {
  await expect(page.locator('[data-amount]').first()).toBeVisible();
  return page.locator('[data-amount]').evaluateAll((amounts) =>
    amounts.flatMap((amount) => {
      const lines = amount.getClientRects().length;
      const box = amount.getBoundingClientRect();
      const lineHeight = Number.parseFloat(getComputedStyle(amount).lineHeight) || 24;
      const bad = lines > 1 || box.height > lineHeight * 1.5 || box.right > window.innerWidth;
      return bad ? [`"${amount.textContent}" (${lines} lines, ${Math.round(box.height)} px)`] : [];
    }),
  );
}

for (const language of ['de', 'vi']) {
  test(`no amount wraps inside itself on any screen in ${language}`, async ({ page, request }) => {
    const event = await seedTrip(request);
    const chloe = person(event, 'Chloé').id;
    await presetWhoAmI(page, event.id, chloe);
    await speak(page, language);
    const screens: [string, string][] = [
      ['event home', `/event/${event.id}/home`],
      ['people', `/event/${event.id}/people`],
      ["Chloé's balance", `/event/${event.id}/people/${chloe}`],
      ['expenses', `/event/${event.id}/expenses`],
      ['statistics', `/event/${event.id}/statistics`],
      ['history', `/event/${event.id}/history`],
    ];
    for (const [screen, path] of screens) {
      await page.goto(path);
      await expectNoSidewaysScroll(page, screen);
      expect(await brokenAmounts(page), `amounts broken on the ${screen}`).toEqual([]);
    }
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/event/${event.id}/people/${chloe}`);
      await expect(page.locator('[data-amount]').first()).toBeVisible();
      await capture(page, `person-balance-${language}`, scheme);
    }
  });
}

test('a foreign expense shows what it makes in the event currency beside its own amount', async ({
  page,
  request,
}) => {
  const event = await seedTrip(request);
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  await page.goto(`/event/${event.id}/home`);
  const recent = page.getByRole('region', { name: 'Recent expenses' });
  const taxi = recent.getByRole('link', { name: /Taxi/ });
  // The balances' own figure: 24.00 USD at the event's 0.50.
  await expect(taxi).toContainText('US$24.00');
  await expect(taxi).toContainText('≈ €12.00');
  // An expense in the event's currency says nothing more.
  await expect(recent.getByRole('link', { name: /Dinner/ })).not.toContainText('≈');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await capture(page, 'home-amount', scheme);
  }

  await page.goto(`/event/${event.id}/expenses`);
  const listed = page.getByRole('link', { name: /Taxi/ });
  await expect(listed).toContainText('US$24.00');
  await expect(listed).toContainText('≈ €12.00');
});

test('statistics say why a difference is not the balance: paid minus share, then after payments', async ({
  page,
  request,
}) => {
  const event = await seedTrip(request);
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  await page.goto(`/event/${event.id}/statistics`);
  const people = page.getByRole('list', { name: 'Paid and shared' });
  const row = (name: string) => people.getByRole('listitem').filter({ hasText: name });
  await expect(row('Ana')).toContainText('Paid minus share€2,396.00');
  await expect(row('Ana')).toContainText('After payments: €2,391.00');
  await expect(row('Chloé')).toContainText('Paid minus share-€1,204.00');
  await expect(row('Chloé')).toContainText('After payments: -€1,199.00');
  await expect(page.getByText(text('en', 'statistics.differenceNote'))).toBeVisible();
  // The balance the event home shows is the one "after payments".
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await capture(page, 'statistics-people', scheme);
  }
  // Filtered to some days, the balance (every day) would not compare: it is left out.
  await page.getByRole('button', { name: 'My share' }).click();
  await expect(row('Ana (you)')).not.toContainText('After payments');
});
