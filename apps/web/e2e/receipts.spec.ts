import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { CameraPage } from './pages/camera-page';
import { ExpenseFormPage } from './pages/expense-form-page';
import { createEvent, getEvent, person } from './support/api';
import { RECEIPT, receiptJpeg, writeReceiptVideo } from './support/receipt-images';
import { presetWhoAmI } from './support/storage';

interface FakeCamera {
  /** The Y4M video the fake camera films: the test receipt, drawn for this worker. */
  receiptVideo: string;
}

/**
 * Chromium with a fake camera that films the test receipt (written once per worker, before
 * the browser starts), on top of the config's launch arguments. Whether the camera may be used
 * is the context's permission: granted, the page gets the fake camera; not granted, Chromium
 * refuses it as a person saying no would (so no --use-fake-ui-for-media-stream, which would
 * say yes to every page).
 */
const test = base.extend<object, FakeCamera>({
  receiptVideo: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const folder = await mkdtemp(join(tmpdir(), 'quits-camera-'));
      const path = join(folder, 'receipt.y4m');
      await writeReceiptVideo(path);
      await use(path);
      await rm(folder, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, receiptVideo }, use) => {
      await use({
        ...launchOptions,
        executablePath: '/usr/bin/chromium',
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-video-capture=${receiptVideo}`,
        ],
      });
    },
    { scope: 'worker' },
  ],
});

/**
 * Pictures of the screen in light and dark, for looking at, in this test's output folder; the
 * page must not scroll sideways (at 360 px neither).
 */
async function look(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'pixels the page is wider than the window').toBeLessThanOrEqual(0);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({
      path: testInfo.outputPath(`${name}-${scheme}-${testInfo.project.name}.png`),
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const PEOPLE = ['Ana', 'Ben', 'Chloé'];

test.describe('with the camera allowed', () => {
  test.use({ permissions: ['camera'] });

  test('a photographed receipt becomes an expense split by its items, with the photo kept', async ({
    page,
    request,
  }, testInfo) => {
    // Reading a receipt takes the server's OCR a few seconds, the first one more.
    test.setTimeout(120_000);
    const event = await createEvent(request, { name: 'Rome', currency: 'EUR', people: PEOPLE });
    const [ana, ben, chloe] = PEOPLE.map((name) => person(event, name).id);
    await presetWhoAmI(page, event.id, ana ?? '');
    const camera = new CameraPage(page);
    const form = new ExpenseFormPage(page);

    await test.step('the expense form offers to scan a receipt; the camera shows with a back arrow', async () => {
      await page.goto(`/event/expense/${event.id}/new`);
      await page.getByRole('link', { name: 'Scan a receipt' }).click();
      await expect(page).toHaveURL(new RegExp(`/event/${event.id}/camera$`));
      await expect(page.getByRole('heading', { name: 'Scan a receipt', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
      await expect(camera.capture).toBeEnabled();
      // The fake camera's picture is playing.
      await expect
        .poll(() =>
          page
            .getByLabel('Camera preview')
            .evaluate((video: HTMLVideoElement) => video.videoWidth * video.videoHeight),
        )
        .toBeGreaterThan(0);
      await look(page, testInfo, 'camera-live');
    });

    await test.step('the picture is uploaded and read: total, how sure, merchant, date, items', async () => {
      await camera.capture.click();
      await expect(camera.result).toBeVisible({ timeout: 60_000 });
      await expect(camera.result).toBeFocused();
      await expect(page.getByText('Receipt analyzed successfully!')).toBeVisible();
      await expect(camera.total).toContainText('€30.80');
      await expect(
        page.getByRole('definition').filter({ hasText: RECEIPT.merchant }),
      ).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: '14/11/2026' })).toBeVisible();
      const items = page.getByRole('list', { name: /items/ });
      await expect(items.getByRole('listitem')).toHaveCount(3);
      await expect(items).toContainText('€12.50');
      await look(page, testInfo, 'camera-analysis');
    });

    await test.step('"view receipt" shows the photo the server stored', async () => {
      await camera.viewReceipt.click();
      await camera.expectStoredReceiptShown();
      await look(page, testInfo, 'receipt-dialog');
      await page.keyboard.press('Escape');
      await expect(camera.receiptDialog).toBeHidden();
    });

    await test.step('"create expense" fills the form in from the receipt', async () => {
      await camera.createExpense.click();
      await expect(page).toHaveURL(/\/event\/expense\/.+\/new$/);
      await expect(form.title).toHaveValue(RECEIPT.merchant);
      await expect(form.amount).toHaveValue('30.80');
      // The receipt's day, as the suite's British English writes it.
      await expect(page.getByRole('textbox', { name: 'Date' })).toHaveValue(
        RECEIPT.isoDate.split('-').reverse().join('/'),
      );
      await expect(page.getByRole('button', { name: 'View receipt' })).toBeVisible();
    });

    await test.step('split by items: each item to who had it, the service in proportion', async () => {
      await form.splitBy('By items');
      const itemGroup = (name: string) =>
        page.getByRole('group', { name: new RegExp(`^Who had ${name}$`, 'i') });
      // Every item starts with everyone; each keeps only who had it.
      await itemGroup('PASTA').getByRole('button', { name: 'Ben' }).click();
      await itemGroup('PASTA').getByRole('button', { name: 'Chloé' }).click();
      await itemGroup('PIZZA').getByRole('button', { name: 'Ana' }).click();
      await itemGroup('PIZZA').getByRole('button', { name: 'Chloé' }).click();
      await itemGroup('TIRAMISU').getByRole('button', { name: 'Ana' }).click();
      await itemGroup('TIRAMISU').getByRole('button', { name: 'Ben' }).click();
      await expect(itemGroup('PASTA').getByRole('button', { name: 'Ana' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByText('Items €28.00; tax, service and rounding €2.80')).toBeVisible();
      const perPerson = page.getByRole('list', { name: 'What each person pays' });
      await expect(perPerson).toContainText('€13.75');
      await expect(perPerson).toContainText('€9.90');
      await expect(perPerson).toContainText('€7.15');
      await look(page, testInfo, 'expense-by-items');
      await form.save.click();
      await expect(page.getByText('Expense created successfully!')).toBeVisible();
      await expect(page).toHaveURL(/\/home$/);
    });

    await test.step('the saved expense has its receipt and the exact amounts of its items', async () => {
      const saved = (await getEvent(request, event.id)).expenditures[0];
      expect(saved).toMatchObject({ amount: RECEIPT.total, currency_id: 'EUR' });
      expect(saved?.receipt_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(saved?.split?.mode).toBe('exact');
      expect(saved?.participant).toEqual([
        { user_id: ana, amount: 1375 },
        { user_id: ben, amount: 990 },
        { user_id: chloe, amount: 715 },
      ]);
    });

    await test.step('the list shows the receipt attached, and the expense opens it', async () => {
      await page.goto(`/event/${event.id}/expenses`);
      const row = page.getByRole('link', { name: RECEIPT.merchant });
      await expect(row.getByRole('img', { name: 'Receipt attached' })).toBeVisible();
      await row.click();
      await expect(form.title).toHaveValue(RECEIPT.merchant);
      await camera.viewReceipt.click();
      await camera.expectStoredReceiptShown();
    });
  });
});

test.describe('with the camera refused', () => {
  test.use({ permissions: [] });

  test('a calm word on why, then a photo from the device is read just the same', async ({
    page,
    context,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const event = await createEvent(request, { name: 'Rome', currency: 'EUR', people: PEOPLE });
    await presetWhoAmI(page, event.id, person(event, 'Ana').id);
    const camera = new CameraPage(page);
    await page.goto(`/event/${event.id}/expenses`);
    await page.getByRole('link', { name: 'Scan a receipt' }).click();

    await test.step('the refusal is explained, with the camera app and the gallery offered', async () => {
      await expect(page.getByText('Quits may not use the camera')).toBeVisible();
      await expect(camera.capture).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Take a picture' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Choose a photo' })).toBeVisible();
      await look(page, testInfo, 'camera-refused');
    });

    await test.step('a file that is not a photo is refused before anything is sent', async () => {
      await camera.photoInput.setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('TOTAL 30.80'),
      });
      await expect(page.getByText('This file is not a photo Quits can read.')).toBeVisible();
    });

    await test.step('offline, the camera screen says receipts need the server', async () => {
      await context.setOffline(true);
      await expect(page.getByText('Reading a receipt needs a connection')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Choose a photo' })).toBeDisabled();
      await context.setOffline(false);
      await expect(page.getByRole('button', { name: 'Choose a photo' })).toBeEnabled();
    });

    await test.step('a photo chosen from the device is shrunk, uploaded and read', async () => {
      await camera.photoInput.setInputFiles({
        name: 'receipt.jpg',
        mimeType: 'image/jpeg',
        buffer: await receiptJpeg(),
      });
      await expect(camera.result).toBeVisible({ timeout: 60_000 });
      await expect(camera.total).toContainText('€30.80');
      await look(page, testInfo, 'picked-analysis');
    });

    await test.step('"take another picture" starts over', async () => {
      await camera.retake.click();
      await expect(camera.result).toHaveCount(0);
      await expect(page.getByText('Quits may not use the camera')).toBeVisible();
    });
  });
});
