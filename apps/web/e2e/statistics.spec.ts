import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Category, Event, ExpenditureBody } from '@quits/contract';
import { addEvenExpense, addPayment, createEvent, person } from './support/api';
import { typeDate } from './support/date-field';
import { presetWhoAmI } from './support/storage';

/** docs/screenshots/ with UPDATE_SCREENSHOTS=1, else the test output (as screenshots.spec.ts). */
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url))
  : fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

const HEADERS = {
  'X-Requested-With': 'XMLHttpRequest',
  'Content-Type': 'application/json',
  'Device-ID': randomUUID(),
};

const PEOPLE = ['Ana', 'Ben', 'Chloé'] as const;
/** The event's own rate: 1 USD = 0.92 EUR. */
const USD_RATE = { currency_id: 'USD', exchange_rate: 0.92 };

interface SeededExpense {
  title: string;
  date: string;
  category: Category | null;
  currency: 'EUR' | 'USD';
  /** Minor units of `currency`. */
  amount: number;
  payer: (typeof PEOPLE)[number];
  among: readonly (typeof PEOPLE)[number][];
}

/**
 * Ten kinds of expense, each bought three times over the trip: its category, its titles, and
 * how costly it runs (a whole-number factor, so that the amounts keep dividing evenly).
 */
const KINDS: { category: Category | null; scale: number; titles: [string, string, string] }[] = [
  { category: 'food', scale: 2, titles: ['Dinner at Cantinho', 'Francesinhas', 'Seafood'] },
  { category: 'groceries', scale: 1, titles: ['Supermarket', 'Bolhão market', 'Breakfast'] },
  { category: 'transport', scale: 1, titles: ['Metro passes', 'Train to Aveiro', 'Taxi'] },
  { category: 'accommodation', scale: 5, titles: ['Hostel', 'Guesthouse', 'Last nights'] },
  { category: 'activities', scale: 2, titles: ['Port cellar tour', 'Douro cruise', 'Museum'] },
  { category: 'food', scale: 1, titles: ['Pastéis de nata', 'Tapas in Foz', 'Farewell dinner'] },
  { category: null, scale: 1, titles: ['Laundry', 'Umbrellas', 'Lockers'] },
  { category: 'shopping', scale: 1, titles: ['Cork souvenirs', 'Azulejo tiles', 'Books'] },
  { category: 'utilities', scale: 1, titles: ['SIM cards', 'Phone top-up', 'Power bank'] },
  { category: 'health', scale: 1, titles: ['Pharmacy', 'Sunscreen', 'Plasters'] },
];

/**
 * A three-week trip: 30 expenses, every third one in US dollars. Amounts are chosen so that
 * the expected figures are plain arithmetic, with no rounding to re-implement: a euro amount
 * divides evenly among its people, and a dollar amount is a multiple of 3.00 USD shared by all
 * three, which at 0.92 is a whole number of cents per person (3.00 USD = 2.76 EUR = 3 × 0.92).
 */
function tripExpenses(): SeededExpense[] {
  return Array.from({ length: 30 }, (_, i) => {
    const dollars = i % 3 === 2;
    const among = dollars || i % 4 !== 1 ? PEOPLE : (['Ben', 'Chloé'] as const);
    const day = 1 + ((i * 8) % 21);
    const kind = KINDS[i % KINDS.length];
    return {
      title: kind?.titles[Math.floor(i / KINDS.length)] ?? `Expense ${i + 1}`,
      date: `2026-07-${String(day).padStart(2, '0')}`,
      category: kind?.category ?? null,
      currency: dollars ? 'USD' : 'EUR',
      // Euro amounts: multiples of 6 cents (even for 2 or 3 people); dollars: of 300 cents.
      amount:
        (kind?.scale ?? 1) *
        (dollars ? 300 * (5 + ((i * 7) % 23)) : 6 * (250 + ((i * 389) % 2400))),
      payer: PEOPLE[i % 3] ?? 'Ana',
      among,
    };
  });
}

/** An expense's amount in euro cents: dollars at 0.92 exactly (multiples of 300 cents). */
function inEuroCents(expense: SeededExpense): number {
  return expense.currency === 'USD' ? (expense.amount / 300) * 276 : expense.amount;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Euro cents as en-GB writes them, the locale the suite pins: "€1,234.56". */
function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100).toLocaleString('en-GB');
  return `${sign}€${whole}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

async function postExpense(
  request: APIRequestContext,
  event: Event,
  expense: SeededExpense,
): Promise<string> {
  const payer = person(event, expense.payer);
  const each = expense.amount / expense.among.length;
  const body = {
    id: randomUUID(),
    title: expense.title,
    desc: '',
    date: expense.date,
    amount: expense.amount,
    currency_id: expense.currency,
    user_id: payer.id,
    category: expense.category,
    payer: [{ user_id: payer.id, amount: expense.amount }],
    participant: expense.among.map((name) => ({ user_id: person(event, name).id, amount: each })),
    split: { mode: 'evenly' },
  } satisfies ExpenditureBody;
  const response = await request.post(`/api/event/${event.id}/expenditure`, {
    headers: HEADERS,
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  return body.id;
}

/** The trip, a payment (not spending) and a deleted expense (never counted). */
async function seedTrip(request: APIRequestContext): Promise<Event> {
  const event = await createEvent(request, {
    name: 'Summer in Porto',
    currency: 'EUR',
    people: PEOPLE,
    rates: [USD_RATE],
  });
  for (const expense of tripExpenses()) await postExpense(request, event, expense);
  await addPayment(request, event, { from: 'Ben', to: 'Ana', amount: 5000, title: 'Back' });
  const removed = await postExpense(request, event, {
    title: 'Booked twice',
    date: '2026-07-10',
    category: 'accommodation',
    currency: 'EUR',
    amount: 90_000,
    payer: 'Ana',
    among: PEOPLE,
  });
  const deletion = await request.delete(`/api/event/${event.id}/expenditure/${removed}`, {
    headers: HEADERS,
  });
  expect(deletion.status(), await deletion.text()).toBe(200);
  return event;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'pixels the page is wider than the window').toBeLessThanOrEqual(0);
}

const expenses = tripExpenses();
const total = sum(expenses.map(inEuroCents));
const shareOf = (name: string, list: readonly SeededExpense[]) =>
  sum(
    list.filter((e) => e.among.includes(name as never)).map((e) => inEuroCents(e) / e.among.length),
  );
const paidBy = (name: string) => sum(expenses.filter((e) => e.payer === name).map(inEuroCents));

test('the statistics add up the trip in euros, and the filters narrow them', async ({
  page,
  request,
}) => {
  const event = await seedTrip(request);
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);

  // Reached from the event home, where the total spent shows too.
  await page.goto(`/event/${event.id}/home`);
  await expect(page.getByRole('main')).toContainText(euros(total));
  await page.getByRole('link', { name: 'Statistics' }).click();
  await expect(page).toHaveURL(new RegExp(`/event/${event.id}/statistics$`));

  const totalFigure = page.getByTestId('statistics-total');
  await expect(totalFigure).toHaveText(euros(total));
  await expect(page.getByText('30 expenses ·')).toBeVisible();

  // Per person: what each paid, and their share; the payment is not spending.
  const people = page.getByRole('list', { name: 'Paid and shared' });
  for (const name of PEOPLE) {
    const label = name === 'Ana' ? 'Ana (you)' : name;
    await expect(people.getByRole('listitem').filter({ hasText: label })).toContainText(
      `Paid ${euros(paidBy(name))} · share ${euros(shareOf(name, expenses))}`,
    );
  }

  // Per category: no category counts as other; the deleted booking is nowhere.
  const categories = page.getByRole('list', { name: 'By category' });
  const food = sum(expenses.filter((e) => e.category === 'food').map(inEuroCents));
  const other = sum(expenses.filter((e) => e.category === null).map(inEuroCents));
  const accommodation = sum(
    expenses.filter((e) => e.category === 'accommodation').map(inEuroCents),
  );
  await expect(
    categories.getByRole('listitem').filter({ hasText: 'Food and drink' }),
  ).toContainText(euros(food));
  await expect(categories.getByRole('listitem').filter({ hasText: 'Other' })).toContainText(
    euros(other),
  );
  await expect(categories.getByRole('listitem').filter({ hasText: 'Accommodation' })).toContainText(
    euros(accommodation),
  );

  // Three weeks are told per day, and every day's figure is there as text for screen readers.
  await expect(page.getByRole('heading', { name: 'Per day' })).toBeVisible();
  const days = page.getByRole('table', { name: 'Per day' });
  await expect(days.getByRole('row')).toHaveCount(1 + 21);
  const fourthOfJuly = sum(expenses.filter((e) => e.date === '2026-07-04').map(inEuroCents));
  await expect(
    days.getByRole('row', { name: `4 July 2026 ${euros(fourthOfJuly)}`, exact: true }),
  ).toBeAttached();
  const biggest = [...expenses].sort((a, b) => inEuroCents(b) - inEuroCents(a))[0];
  await expect(
    page.getByRole('list', { name: 'Biggest expenses' }).getByRole('listitem').first(),
  ).toContainText(`${biggest?.title}`);

  // "My share": the device's person, Ana.
  await page.getByRole('button', { name: 'My share' }).click();
  await expect(page.getByText('Your share', { exact: true })).toBeVisible();
  await expect(totalFigure).toHaveText(euros(shareOf('Ana', expenses)));

  // A date range, for the whole group again.
  await page.getByRole('button', { name: 'Show everything' }).click();
  await expect(totalFigure).toHaveText(euros(total));
  await typeDate(page.getByRole('textbox', { name: 'From', exact: true }), '06072026');
  await typeDate(page.getByRole('textbox', { name: 'To', exact: true }), '12072026');
  const week = expenses.filter((e) => e.date >= '2026-07-06' && e.date <= '2026-07-12');
  await expect(totalFigure).toHaveText(euros(sum(week.map(inEuroCents))));
  await expect(page.getByText(`${week.length} expenses ·`)).toBeVisible();

  // Both filters at once: Ben's share of that week.
  await page.getByLabel('Whose spending').click();
  await page.getByRole('option', { name: 'Ben' }).click();
  await expect(page.getByText('Share of Ben', { exact: true })).toBeVisible();
  await expect(totalFigure).toHaveText(euros(shareOf('Ben', week)));

  // A range with nothing in it says so.
  await typeDate(page.getByRole('textbox', { name: 'From', exact: true }), '01082026');
  await typeDate(page.getByRole('textbox', { name: 'To', exact: true }), '31082026');
  await expect(page.getByText('No expenses match these filters.')).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('the home, the statistics and the statement show one total spent, money received told apart', {
  tag: '@any-width',
}, async ({ page, request }) => {
  const event = await createEvent(request, {
    name: 'Lisbon flat',
    currency: 'EUR',
    people: PEOPLE,
    rates: [USD_RATE],
  });
  await addEvenExpense(request, event, {
    title: 'Flat',
    amount: 9000,
    payer: 'Ana',
    among: PEOPLE,
  });
  // 30.00 USD at the event's 0.92: €27.60.
  const taxi = { title: 'Taxi', amount: 3000, payer: 'Ben', among: PEOPLE, currency: 'USD' };
  await addEvenExpense(request, event, taxi);
  const deposit = { title: 'Deposit back', amount: 3000, payer: 'Ana', among: PEOPLE };
  await addEvenExpense(request, event, { ...deposit, kind: 'income' });
  await addPayment(request, event, { from: 'Chloé', to: 'Ana', amount: 2000 });
  // Spent €90.00 + €27.60; the income and the payment are not taken off.
  const received = 'Received €30.00 once · net €87.60';

  await page.goto(`/event/${event.id}/home`);
  await expect(page.getByTestId('home-total')).toHaveText('€117.60');
  await expect(page.getByTestId('home-received')).toHaveText(received);
  await page.goto(`/event/${event.id}/statistics`);
  await expect(page.getByTestId('statistics-total')).toHaveText('€117.60');
  await expect(page.getByTestId('statistics-income')).toHaveText(received);
  await page.goto(`/event/${event.id}/report`);
  const summary = page.getByRole('article', { name: 'Report' }).locator('dl').first();
  await expect(summary).toContainText('Total spent€117.60');
  await expect(summary).toContainText('Total received€30.00');
});

test('an event without expenses says how statistics begin', async ({ page, request }) => {
  const event = await createEvent(request, { name: 'Not yet', currency: 'EUR', people: PEOPLE });
  await page.goto(`/event/${event.id}/statistics`);
  await expect(
    page.getByText('No expenses yet. Statistics appear with the first expense.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add expense' })).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the statistics screen fits the window and is captured in ${scheme} mode`, async ({
    page,
    request,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    const event = await seedTrip(request);
    await presetWhoAmI(page, event.id, person(event, 'Ana').id);
    await page.goto(`/event/${event.id}/statistics`);
    await expect(page.getByTestId('statistics-total')).toHaveText(euros(total));
    // The charts draw their bars and slices once measured.
    await expect(page.locator('.MuiBarElement-root').first()).toBeVisible();
    await expect(page.locator('.MuiPieArc-root').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: `${SCREENSHOTS}statistics-${scheme}-${testInfo.project.name}.png`,
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
    });
  });
}
