import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { CameraPage } from './pages/camera-page';
import { ExpenseFormPage } from './pages/expense-form-page';
import { createEvent, getEvent, person } from './support/api';
import { POUND_RECEIPT, writePhotoReceiptVideo } from './support/receipt-images';
import { presetWhoAmI } from './support/storage';

/**
 * Chromium's fake camera filming a receipt as people photograph it: angled on a table, in
 * perspective and uneven light (see `writePhotoReceiptVideo`).
 */
const test = base.extend<object, { photoVideo: string }>({
  photoVideo: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const folder = await mkdtemp(join(tmpdir(), 'quits-camera-photo-'));
      const path = join(folder, 'receipt-photo.y4m');
      await writePhotoReceiptVideo(path, POUND_RECEIPT.lines, 11);
      await use(path);
      await rm(folder, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, photoVideo }, use) => {
      await use({
        ...launchOptions,
        executablePath: '/usr/bin/chromium',
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-video-capture=${photoVideo}`,
        ],
      });
    },
    { scope: 'worker' },
  ],
});

test.use({ permissions: ['camera'] });

test('a receipt filmed at an angle on a table becomes an expense in the currency it prints', async ({
  page,
  request,
}) => {
  // Reading a receipt takes the server's OCR a few seconds, the first one more.
  test.setTimeout(150_000);
  const event = await createEvent(request, {
    name: 'London',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  const camera = new CameraPage(page);
  const form = new ExpenseFormPage(page);

  await test.step('the photo is read: the receipt outlined, its total in pounds', async () => {
    await camera.goto(event.id);
    await expect(camera.capture).toBeEnabled();
    await expect
      .poll(() =>
        page
          .getByLabel('Camera preview')
          .evaluate((video: HTMLVideoElement) => video.videoWidth * video.videoHeight),
      )
      .toBeGreaterThan(0);
    await camera.capture.click();
    await expect(camera.result).toBeVisible({ timeout: 90_000 });
    await expect(camera.total).toContainText('£25.95');
    await expect(page.getByLabel('Currency')).toHaveValue(POUND_RECEIPT.currency);
    await expect(page.getByTestId('receipt-outline')).toBeAttached();
  });

  await test.step('"create expense" fills in the total and the currency, and saves them', async () => {
    await camera.createExpense.click();
    await expect(page).toHaveURL(/\/event\/expense\/.+\/new$/);
    await expect(form.title).toHaveValue(POUND_RECEIPT.merchant);
    await expect(form.amount).toHaveValue('25.95');
    await form.save.click();
    await expect(page.getByText('Expense created successfully!')).toBeVisible();
    const saved = (await getEvent(request, event.id)).expenditures[0];
    expect(saved).toMatchObject({
      amount: POUND_RECEIPT.total,
      currency_id: POUND_RECEIPT.currency,
    });
  });
});
