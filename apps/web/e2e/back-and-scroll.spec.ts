import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import {
  addEvenExpense,
  createEvent,
  EXPENSE_DATE,
  exportEvent,
  importEvent,
  person,
} from './support/api';
import { text } from './support/locale-texts';
import { capture, expectNoSidewaysScroll, speak } from './support/screens';
import { presetWhoAmI } from './support/storage';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** An event of 240 expenses, three a day, as Ana knows it. */
async function longEvent(page: Page, request: Parameters<typeof createEvent>[0]) {
  const draft = await createEvent(request, {
    name: 'A long winter',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await addEvenExpense(request, draft, {
    title: 'Groceries',
    amount: 30,
    payer: 'Ana',
    among: ['Ana', 'Ben'],
  });
  const file = await exportEvent(request, draft.id);
  const [groceries] = file.expenditures;
  if (!groceries) throw new Error('the export has no expense');
  const start = Date.parse(EXPENSE_DATE);
  const event = await importEvent(request, {
    ...file,
    expenditures: Array.from({ length: 240 }, (_unused, number) => ({
      ...groceries,
      id: randomUUID(),
      title: `Groceries ${number + 1}`,
      date: new Date(start - Math.floor(number / 3) * 86_400_000).toISOString().slice(0, 10),
    })),
  });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  return event;
}

test('every screen opens at the top, and Back returns to the same rows of the expense list', async ({
  page,
  request,
}) => {
  const event = await longEvent(page, request);
  await page.goto(`/event/${event.id}/expenses`);
  await expect(page.getByRole('link', { name: /Groceries 1\b/ })).toBeVisible();
  // Down the list by the wheel, as a person would, past rows drawn and measured on the way.
  for (let step = 0; step < 8; step += 1) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(50);
  }
  await expect.poll(() => scrollY(page)).toBeGreaterThan(3000);
  const left = await scrollY(page);
  // The first row from the middle of the window down (the middle may be a date), and where it was.
  const seen = await page.evaluate(() => {
    const row = [...document.querySelectorAll('main ul a')].find(
      (link) => link.getBoundingClientRect().bottom > window.innerHeight / 2,
    );
    return { title: row?.textContent ?? '', top: row?.getBoundingClientRect().top ?? -1 };
  });
  expect(seen.title).toMatch(/Groceries \d+/);
  const title = /Groceries \d+/.exec(seen.title)?.[0] ?? '';

  await page.getByRole('link', { name: new RegExp(`${title}\\b`) }).click();
  await expect(page.getByLabel('What for')).toHaveValue(title);
  expect(await scrollY(page)).toBe(0);
  await expect(page.getByLabel('What for')).toBeInViewport();
  await expect(page.getByRole('textbox', { name: 'Amount', exact: true })).toBeInViewport();

  await page.goBack();
  await expect(page).toHaveURL(/\/expenses$/);
  await expect.poll(() => scrollY(page)).toBe(left);
  const back = page.getByRole('link', { name: new RegExp(`${title}\\b`) });
  await expect(back).toBeInViewport();
  const top = await back.evaluate((row) => row.getBoundingClientRect().top);
  expect(Math.abs(top - seen.top)).toBeLessThanOrEqual(2);

  // A screen reached by a link starts at the top too, whatever the one before showed.
  await page.goto(`/event/${event.id}/expenses`);
  await expect(page.getByRole('link', { name: /Groceries 1\b/ })).toBeVisible();
  // A page opened by its address is not taken to where another page of this tab was left.
  expect(await scrollY(page)).toBe(0);
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Event settings' }).click();
  await expect(page.getByRole('heading', { name: 'Event details' })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('Save with a problem brings the first field in error into view, with the focus', async ({
  page,
  request,
}) => {
  const event = await longEvent(page, request);
  const save = page.getByRole('button', { name: 'Save' });

  await test.step('the expense form', async () => {
    await page.goto(`/event/expense/${event.id}/new`);
    await save.scrollIntoViewIfNeeded();
    await save.click();
    await expect(page.getByLabel('What for')).toBeFocused();
    await expect(page.getByLabel('What for')).toBeInViewport();
    await page.getByLabel('What for').fill('Bread');
    await save.scrollIntoViewIfNeeded();
    await save.click();
    const amount = page.getByRole('textbox', { name: 'Amount', exact: true });
    await expect(amount).toBeFocused();
    await expect(amount).toBeInViewport();
  });

  await test.step('the payment form', async () => {
    await page.goto(`/event/payment/${event.id}/new`);
    await save.scrollIntoViewIfNeeded();
    await save.click();
    const amount = page.getByRole('textbox', { name: 'Amount', exact: true });
    await expect(amount).toBeFocused();
    await expect(amount).toBeInViewport();
  });

  await test.step('the new event form', async () => {
    await page.goto('/new-event');
    const create = page.getByRole('button', { name: 'Create event' });
    await create.scrollIntoViewIfNeeded();
    await create.click();
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toBeFocused();
    await name.fill('Ski week');
    await create.click();
    await expect(page.getByLabel('Person 1')).toBeFocused();
    await expect(page.getByLabel('Person 1')).toBeInViewport();
  });

  await test.step('the settings', async () => {
    await page.goto(`/event/${event.id}/settings`);
    const name = page.getByRole('textbox', { name: 'Name', exact: true }).first();
    await name.fill('');
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
    await name.blur();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(name).toBeFocused();
    await expect(name).toBeInViewport();
  });
});

test('Back loses nothing: a saved form leaves the history, a changed one asks first', async ({
  page,
  request,
}) => {
  const event = await longEvent(page, request);
  const title = page.getByLabel('What for');
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });

  await test.step('Back after saving a new expense does not show the empty form again', async () => {
    await page.goto(`/event/${event.id}/home`);
    await page.getByRole('link', { name: 'Add expense' }).first().click();
    await title.fill('Bread');
    await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('4');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/home$/);
    await expect(title).toHaveCount(0);
  });

  await test.step('the browser’s Back from a half-filled form asks, and keeps it on "Keep editing"', async () => {
    await page.getByRole('link', { name: 'Add expense' }).first().click();
    await title.fill('Cheese');
    await page.goBack();
    await expect(discard).toBeVisible();
    await expect(page).toHaveURL(/\/new$/);
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(title).toHaveValue('Cheese');
    await expect(page).toHaveURL(/\/new$/);
  });

  await test.step('the back arrow asks too, and "Discard" goes back', async () => {
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/home$/);
    // The browser’s Back, agreed to, leaves as well.
    await page.getByRole('link', { name: 'Add expense' }).first().click();
    await title.fill('Wine');
    await page.goBack();
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(title).toHaveCount(0);
  });

  await test.step('an untouched form leaves without asking', async () => {
    await page.getByRole('link', { name: 'Add expense' }).first().click();
    await expect(title).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  await test.step('settings opened from a link: the back arrow goes up to the event, not away', async () => {
    const fresh = await page.context().newPage();
    await fresh.goto(`/event/${event.id}/settings`);
    await fresh.getByRole('button', { name: 'Back' }).click();
    await expect(fresh).toHaveURL(new RegExp(`/event/${event.id}/home$`));
    await fresh.close();
  });
});

for (const language of ['de', 'vi']) {
  test(`"Discard changes?" in ${language}, dark, fits the screen`, async ({ page, request }) => {
    const event = await longEvent(page, request);
    await speak(page, language);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`/event/expense/${event.id}/new`);
    await page.getByLabel(text(language, 'expense.title')).fill('Brot');
    await page.getByRole('button', { name: text(language, 'nav.back') }).click();
    const dialog = page.getByRole('dialog', { name: text(language, 'unsaved.title') });
    await expect(dialog).toContainText(text(language, 'unsaved.text'));
    for (const key of ['unsaved.keep', 'unsaved.discard']) {
      const button = dialog.getByRole('button', { name: text(language, key) });
      await expect(button).toBeInViewport({ ratio: 1 });
      // One line: a label broken inside its button reads as two.
      expect((await button.boundingBox())?.height).toBeLessThan(48);
    }
    await expectNoSidewaysScroll(page, 'discard dialog');
    await capture(page, `discard-changes-${language}`, 'dark', false);
  });
}
