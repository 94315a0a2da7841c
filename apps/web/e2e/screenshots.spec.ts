import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { NewEventPage } from './pages/new-event-page';
import { addEvenExpense, createEvent } from './support/api';
import { waitForServiceWorker } from './support/offline';
import { receiptJpeg } from './support/receipt-images';

/**
 * docs/screenshots/{screen}-{scheme}-{project}.png, as the README shows them, when asked for
 * with UPDATE_SCREENSHOTS=1; otherwise into the test output, so a test run changes no tracked file.
 */
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url))
  : fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

/** Fails when the page is wider than the window: nothing may scroll sideways at 360 px. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'pixels the page is wider than the window').toBeLessThanOrEqual(0);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the main screens fit the window and are captured in ${scheme} mode`, async ({
    page,
    context,
    request,
  }, testInfo) => {
    // Every main screen, captured whole: 56 s on two busy cores, against a minute's budget.
    test.setTimeout(120_000);
    const shot = async (screen: string, fullPage = true) => {
      await expectNoSidewaysScroll(page);
      // A full-page capture draws the fixed title bar where the window stood: from the top, it
      // stands where a person sees it, not over a field halfway down.
      if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: `${SCREENSHOTS}${screen}-${scheme}-${testInfo.project.name}.png`,
        fullPage,
        animations: 'disabled',
        caret: 'hide',
      });
    };
    // The system's preference decides, as for a person who never touched the switch.
    await page.emulateMedia({ colorScheme: scheme });

    const event = await createEvent(request, {
      name: 'Lisbon trip',
      currency: 'EUR',
      people: ['Ana', 'Ben', 'Chloé'],
      rates: [{ currency_id: 'USD', exchange_rate: 0.92 }],
    });
    const everyone = ['Ana', 'Ben', 'Chloé'];
    await addEvenExpense(request, event, {
      title: 'Dinner at Ramiro',
      amount: 9000,
      payer: 'Ana',
      among: everyone,
    });
    await addEvenExpense(request, event, {
      title: 'Taxi from the airport',
      amount: 6000,
      payer: 'Ben',
      among: everyone,
    });
    const home = new EventHomePage(page);
    await home.goto(event.id);
    // "Who am I" answered in the page, as on a first visit: notifications are offered then, in a
    // card on the home, where the server and the browser can send them.
    await page
      .getByRole('region', { name: 'Who are you?' })
      .getByRole('button', { name: 'Ana', exact: true })
      .click();
    await expect(home.yourBalance).toContainText('€40.00');
    await expect(home.transfers.getByRole('listitem')).toHaveCount(2);
    await expect(home.recentExpenses).toContainText('Taxi from the airport');
    // Loaded once the first screen has settled, as the drawer's preferences are.
    await expect(page.getByRole('list', { name: 'Recent activity' })).toBeVisible();
    await shot('event-home');

    // "Why these transfers?": where each balance comes from, over the home.
    await page.getByRole('button', { name: 'Why these transfers?' }).click();
    const why = page.getByRole('dialog', { name: 'Why these transfers' });
    await expect(why.getByRole('listitem')).toHaveCount(2);
    await shot('plan-explanation', false);
    await why.getByRole('button', { name: 'Close' }).click();
    await expect(why).toBeHidden();

    await home.recentExpenses.getByRole('link', { name: /Dinner at Ramiro/ }).click();
    await expect(page.getByLabel('What for')).toHaveValue('Dinner at Ramiro');
    await shot('expense-form');

    await page.goto(`/event/${event.id}/expenses`);
    await expect(page.getByRole('main')).toContainText('Taxi from the airport');
    await shot('expense-list');

    await page.goto(`/event/${event.id}/people`);
    await expect(page.getByRole('list', { name: 'People' })).toContainText('Ana (you)');
    await shot('people');

    await page.getByRole('link', { name: /Ben/ }).click();
    await expect(page.getByRole('region', { name: 'Transactions' })).toContainText('Dinner');
    await shot('person-balance');

    await page.goto(`/event/${event.id}/settings`);
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    await shot('settings');

    // The receipt camera where the browser has none: a photo from the device, read by the server.
    await page.goto(`/event/${event.id}/camera`);
    await page.getByLabel('Choose a photo').setInputFiles({
      name: 'receipt.jpg',
      mimeType: 'image/jpeg',
      buffer: await receiptJpeg(),
    });
    await expect(page.getByRole('heading', { name: 'Read from the receipt' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Receipt analyzed successfully!')).toBeHidden();
    await shot('receipt-analysis');

    await page.goto('/');
    await expect(page.getByRole('main').getByRole('link', { name: /Lisbon trip/ })).toBeVisible();
    await shot('home');

    const form = new NewEventPage(page);
    await form.goto();
    await expect(form.currency).toHaveValue('EUR — Euro');
    await shot('new-event');

    // Offline, with a change waiting: the notice, the sync button and its list.
    await page.goto(`/event/${event.id}/home`);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Add expense' }).click();
    await page.getByLabel('What for').fill('Tram tickets');
    await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('9');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Offline: 1 change waiting' }).click();
    await expect(page.getByRole('dialog', { name: 'Changes waiting' })).toContainText(
      'Tram tickets',
    );
    await shot('offline', false);
    await context.setOffline(false);
  });
}
