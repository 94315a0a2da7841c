import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { Event } from '@quits/contract';
import {
  addEvenExpense,
  addPayment,
  addRecurrence,
  createEvent,
  uploadAttachment,
} from './support/api';
import { invoicePdf } from './support/documents';
import { text } from './support/locale-texts';
import { receiptJpeg } from './support/receipt-images';
import { SERVER_VERSION } from './support/server-version';

/**
 * axe-core over every screen, in the states a person meets (the drawer, a dialog and the category
 * menu open, a form's errors shown), in both themes and two languages, at the project's width.
 * Fails on any serious or critical finding under WCAG 2.2 AA and axe's best practices. Each state
 * is checked in light and then dark on the same page load, so that the audit stays short.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * The findings that fail the audit, one line each, with the elements that show them. Every rule
 * runs in light mode; in dark mode only the colour rules, the only ones a theme can change. Each
 * mode is one pass of axe that reports only violations (what passed is not collected: most of
 * the time of a pass).
 */
async function audit(page: Page, where: string): Promise<string[]> {
  const findings: string[] = [];
  // Colours change with a transition: axe would read them half-way.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The theme's colours are applied by React after the media change.
    await page.waitForFunction(
      (dark) => (getComputedStyle(document.body).colorScheme === 'dark') === dark,
      scheme === 'dark',
    );
    const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
    const run =
      scheme === 'light'
        ? axe.withTags(TAGS)
        : axe.withRules(['color-contrast', 'link-in-text-block']);
    for (const violation of (await run.analyze()).violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const targets = violation.nodes.map((node) => node.target.join(' '));
      findings.push(
        `${where} (${scheme}): ${violation.id}: ${violation.help} — ${targets.slice(0, 3)}`,
      );
    }
  }
  return findings;
}

let event: Event;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
  });
  event = await createEvent(request, {
    name: 'Lisbon trip',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
  });
  const everyone = ['Ana', 'Ben', 'Chloé'];
  await addEvenExpense(request, event, {
    title: 'Dinner',
    amount: 9000,
    payer: 'Ana',
    among: everyone,
  });
  // The expense form the audit opens lists a photo and a PDF.
  const attachments = [
    await uploadAttachment(request, event, {
      name: 'taxi-receipt.jpg',
      mimeType: 'image/jpeg',
      buffer: await receiptJpeg(),
    }),
    await uploadAttachment(request, event, {
      name: 'invoice.pdf',
      mimeType: 'application/pdf',
      buffer: await invoicePdf(),
    }),
  ];
  await addEvenExpense(request, event, {
    title: 'Taxi',
    amount: 6000,
    payer: 'Ben',
    among: everyone,
    attachments,
  });
  // Money received shows in its own colour on the lists: its contrast is audited too.
  await addEvenExpense(request, event, {
    title: 'Deposit back',
    amount: 3000,
    payer: 'Chloé',
    among: everyone,
    kind: 'income',
  });
  await addPayment(request, event, { from: 'Chloé', to: 'Ana', amount: 1000 });
  // Recurring expenses that start next year: listed, none made yet.
  const nextYear = `${new Date().getUTCFullYear() + 1}-01-31`;
  await addRecurrence(request, event, {
    title: 'Rent',
    amount: 90000,
    payer: 'Ana',
    among: everyone,
    start: nextYear,
    frequency: 'monthly_last',
  });
  await addRecurrence(request, event, {
    title: 'Cleaning',
    amount: 3000,
    payer: 'Ben',
    among: everyone,
    start: nextYear,
    frequency: 'weekly',
    paused: true,
  });
  await request.dispose();
});

for (const language of ['en', 'de'] as const) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: language === 'en' ? 'en-GB' : 'de-DE' });

    test('every screen passes axe in both themes', async ({ page }) => {
      // Some 30 screens and states, two axe passes each: 3.7 min on two busy cores.
      test.setTimeout(480_000);
      const say = (key: string, values?: Record<string, string>) => text(language, key, values);
      const findings: string[] = [];
      const check = async (where: string) => {
        await expect(page.locator('[role="progressbar"]')).toHaveCount(0);
        const found = await audit(page, where);
        // Said as they come, so that a run stopped later still tells what it saw.
        for (const finding of found) console.log(finding);
        findings.push(...found);
      };
      const visit = async (path: string, ready: () => Promise<void>) => {
        await page.goto(path);
        await ready();
      };
      const main = page.getByRole('main');
      const heading = (name: string) => main.getByRole('heading', { name }).first();
      const eventPath = `/event/${event.id}`;

      // The event home before "who am I": the question shows above the balances.
      await visit(`${eventPath}/home`, () => expect(heading(say('whoami.title'))).toBeVisible());
      await check('event home, who am I');
      await main.getByRole('button', { name: 'Ana', exact: true }).first().click();
      await expect(heading(say('event.balances'))).toBeVisible();
      await check('event home');

      // The start page, with the event it now knows, and the drawer open.
      await visit('/', () => expect(main.getByRole('link', { name: /Lisbon trip/ })).toBeVisible());
      // On a phone the drawer opens from the menu button; above, it is always there.
      const menuButton = page.getByRole('button', { name: say('nav.openMenu') });
      if (await menuButton.isVisible()) {
        // A first tap while the drawer's code loads has been seen to open nothing: repeated.
        const drawer = page.getByRole('dialog', { name: say('nav.menu') });
        await expect(async () => {
          if (!(await drawer.isVisible())) await menuButton.click();
          await expect(drawer).toBeVisible({ timeout: 3_000 });
        }).toPass({ timeout: 15_000 });
      }
      await expect(page.getByRole('switch', { name: say('nav.darkMode') })).toBeVisible();
      await check('start page, drawer open');

      await visit('/new-event', () =>
        expect(main.getByRole('button', { name: say('newEvent.create') })).toBeVisible(),
      );
      await main.getByRole('button', { name: say('newEvent.create') }).click();
      await expect(main.getByText(/./).and(page.locator('.Mui-error')).first()).toBeVisible();
      await check('new event, errors shown');

      await visit(`${eventPath}/expenses`, () =>
        expect(main.getByRole('link', { name: /Taxi/ })).toBeVisible(),
      );
      await check('expenses list');

      // A new expense: the category menu open, then the form's errors.
      await visit(`/event/expense/${event.id}/new`, () =>
        expect(main.getByLabel(say('expense.title'))).toBeVisible(),
      );
      await main.getByRole('combobox', { name: say('expense.category') }).click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await check('expense form, category menu open');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
      await main.getByRole('button', { name: say('expense.save') }).click();
      await expect(main.locator('.Mui-error').first()).toBeVisible();
      await check('expense form, errors shown');

      // An existing expense (deleting one asks nothing: it offers an undo instead).
      await visit(`${eventPath}/expenses`, () =>
        expect(main.getByRole('link', { name: /Taxi/ })).toBeVisible(),
      );
      await main.getByRole('link', { name: /Taxi/ }).click();
      await expect(main.getByLabel(say('expense.title'))).toHaveValue('Taxi');
      await check('expense form');

      // The recurring expenses, one going and one paused, and the stop dialog open.
      await visit(`${eventPath}/recurring`, () =>
        expect(main.getByRole('list', { name: say('recurring.title') })).toBeVisible(),
      );
      await check('recurring expenses');
      await main
        .getByRole('button', { name: say('recurring.stop') })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check('recurring expenses, stop dialog open');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await visit(`/event/payment/${event.id}/new`, () =>
        expect(main.getByRole('button', { name: say('payment.save') })).toBeVisible(),
      );
      await main.getByRole('button', { name: say('payment.save') }).click();
      await check('payment form, after save');

      await visit(`${eventPath}/people`, () =>
        expect(main.getByRole('link', { name: /Ben/ })).toBeVisible(),
      );
      await check('people');
      await main.getByRole('link', { name: /Ben/ }).click();
      await expect(main.getByRole('region').first()).toBeVisible();
      await check('person balance');

      await visit(`${eventPath}/settings`, () =>
        expect(main.getByRole('button', { name: say('settings.changeWhoAmI') })).toBeVisible(),
      );
      await check('settings');
      await main.getByRole('button', { name: say('settings.changeWhoAmI') }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check('settings, who am I dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await main.getByRole('button', { name: say('settings.leave') }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check('settings, confirm open');

      await visit(`${eventPath}/statistics`, () =>
        expect(main.locator('svg').first()).toBeVisible(),
      );
      await check('statistics');
      await visit(`${eventPath}/history`, () =>
        expect(main.getByRole('listitem').first()).toBeVisible(),
      );
      await check('history');
      await visit('/import', () => expect(main.getByRole('button').first()).toBeVisible());
      await check('import');
      // With the server's release (its package.json), which the page reads from /api/config.
      await visit('/about', async () => {
        await expect(main.getByText(say('about.text'))).toBeVisible();
        await expect(
          main.getByText(say('about.version', { version: SERVER_VERSION })),
        ).toBeVisible();
      });
      await check('about');
      await visit('/no-such-page', () => expect(main.getByRole('link').first()).toBeVisible());
      await check('not found');

      expect(findings).toEqual([]);
    });
  });
}
