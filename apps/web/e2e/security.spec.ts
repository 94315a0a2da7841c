import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { ExpenseFormPage } from './pages/expense-form-page';
import { NewEventPage } from './pages/new-event-page';
import { createEvent, getEvent, person } from './support/api';
import { presetWhoAmI } from './support/storage';

/** Names and titles that would run script if the app ever wrote them as HTML. */
const HOSTILE_NAME = '<img src=x onerror="window.__pwned=1">';
const HOSTILE_TITLE = '<script>window.__pwned=1</script>';

declare global {
  interface Window {
    __pwned?: number;
    __cspViolations?: string[];
  }
}

/**
 * Collects what would show a page breaking under the Content-Security-Policy: every
 * `securitypolicyviolation` the document reports and every error on the console.
 */
async function watchForViolations(page: Page): Promise<{ errors: string[] }> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      const where = `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`;
      window.__cspViolations?.push(`${event.violatedDirective} ${event.blockedURI} at ${where}`);
    });
  });
  return { errors };
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);

test('every screen works under the Content-Security-Policy and shows HTML in names as text', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { errors } = await watchForViolations(page);
  const form = new NewEventPage(page);
  const home = new EventHomePage(page);
  const expense = new ExpenseFormPage(page);

  await test.step('the start page is served with the policy, its one inline script allowed by its hash', async () => {
    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.getByRole('link', { name: 'Create an event' })).toBeVisible();
    // Every script element of the page is a file, data that never runs, or the first-screen
    // script, which the policy allows by its hash and no other way: no 'unsafe-inline'.
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script')]
        .filter((script) => !script.src && script.type !== 'application/json')
        .map((script) => script.textContent ?? ''),
    );
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64');
    const scriptSources = /script-src ([^;]*)/.exec(csp)?.[1];
    expect(scriptSources).toBe(`'self' 'sha256-${hash}'`);
  });

  await test.step('a new event with a person named like an HTML image', async () => {
    await page.getByRole('link', { name: 'Create an event' }).click();
    await form.name.fill('Safe trip');
    await form.chooseCurrency('EUR', 'EUR — Euro');
    await form.fillPeople(['Ana', HOSTILE_NAME]);
    await form.create.click();
    await expect(page).toHaveURL(/\/event\/[A-Za-z0-9_-]{22,}\/home$/);
    await expect(home.whoAmIQuestion).toContainText(HOSTILE_NAME);
    await home.chooseMe('Ana');
    await expect(home.balances).toContainText(HOSTILE_NAME);
    expect(await violations(page)).toEqual([]);
  });

  await test.step('an expense titled like a script, split with that person', async () => {
    await page.getByRole('link', { name: 'Add expense' }).click();
    await expense.title.fill(HOSTILE_TITLE);
    await expense.amount.fill('12');
    await expense.save.click();
    await expect(home.recentExpenses).toContainText(HOSTILE_TITLE);
    await expect(home.balances).toContainText(HOSTILE_NAME);
    expect(await violations(page)).toEqual([]);
  });

  await test.step('the expense form, the list, people and settings', async () => {
    await home.recentExpenses.getByRole('link', { name: /<script>window/ }).click();
    await expect(expense.title).toHaveValue(HOSTILE_TITLE);
    await expect(page.getByText(HOSTILE_NAME).first()).toBeVisible();
    await page.goBack();
    await page.getByRole('link', { name: 'All expenses' }).click();
    await expect(page.getByRole('link', { name: /<script>window/ })).toBeVisible();
    await page.goBack();
    await page.getByRole('link', { name: 'People' }).click();
    await expect(page.getByRole('list', { name: 'People' })).toContainText(HOSTILE_NAME);
    await page.goBack();
    await page.getByRole('link', { name: 'Event settings' }).click();
    await expect(page.getByRole('region', { name: 'Event details' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Invite' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  await test.step('a payment, the statistics with their charts', async () => {
    await page.goto(new URL(page.url()).pathname.replace(/\/settings$/, '/home'));
    await page.getByRole('link', { name: 'Record a payment' }).click();
    await expect(page.getByRole('combobox', { name: 'From' })).toBeVisible();
    await page.goBack();
    await page.getByRole('link', { name: 'Statistics' }).click();
    await expect(page.getByTestId('statistics-total')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  await test.step('nothing ran, nothing was injected, nothing was blocked', async () => {
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.locator('body script').count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test(
  'a pause asked by the server (429) holds a change on the device and sends it after',
  { tag: '@any-width' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const event = await createEvent(request, {
      name: 'Flat',
      currency: 'EUR',
      people: ['Ana', 'Ben'],
    });
    await presetWhoAmI(page, event.id, person(event, 'Ana').id);
    // The first two attempts to save are refused for a pause of two seconds, as the server would.
    let refused = 0;
    await page.route(`**/api/event/${event.id}/expenditure`, async (route) => {
      if (route.request().method() === 'POST' && refused < 2) {
        refused += 1;
        await route.fulfill({
          status: 429,
          headers: { 'retry-after': '2', 'content-type': 'application/json' },
          body: JSON.stringify({
            message: 'Too many changes; send them again in 2 s.',
            errors: {},
          }),
        });
        return;
      }
      await route.continue();
    });
    const home = new EventHomePage(page);
    const expense = new ExpenseFormPage(page);
    await home.goto(event.id);
    await page.getByRole('link', { name: 'Add expense' }).click();
    await expense.title.fill('Groceries');
    await expense.amount.fill('24');
    await expense.save.click();

    // Shown at once, kept on the device, with a calm word about the pause.
    await expect(home.recentExpenses).toContainText('Groceries');
    await expect(page.getByRole('alert')).toContainText(
      'Many changes at once. They are safe on this device and go on by themselves',
    );
    await page.screenshot({ path: testInfo.outputPath('pause-notice.png') });
    await expect
      .poll(async () => (await getEvent(request, event.id)).expenditures.length, {
        timeout: 20_000,
      })
      .toBe(1);
    expect(refused).toBe(2);
    const saved = await getEvent(request, event.id);
    expect(saved.expenditures[0]?.title).toBe('Groceries');
    expect(saved.expenditures[0]?.amount).toBe(2400);
  },
);
