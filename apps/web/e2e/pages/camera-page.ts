import { expect, type Locator, type Page } from '@playwright/test';

/** The receipt camera, /event/{id}/camera, and the analysis it shows. */
export class CameraPage {
  readonly capture: Locator;
  readonly photoInput: Locator;
  readonly result: Locator;
  readonly total: Locator;
  readonly createExpense: Locator;
  readonly retake: Locator;
  readonly viewReceipt: Locator;
  readonly receiptDialog: Locator;

  constructor(readonly page: Page) {
    this.capture = page.getByRole('button', { name: 'Take picture' });
    // The gallery's input (the button opens it); the one of the camera app says "Take a picture".
    this.photoInput = page.getByLabel('Choose a photo');
    this.result = page.getByRole('heading', { name: 'Read from the receipt' });
    this.total = page.getByText('Total', { exact: true }).locator('..');
    this.createExpense = page.getByRole('button', { name: 'Create expense' });
    this.retake = page.getByRole('button', { name: 'Take another picture' });
    this.viewReceipt = page.getByRole('button', { name: 'View receipt' });
    this.receiptDialog = page.getByRole('dialog', { name: 'Receipt' });
  }

  async goto(eventId: string): Promise<void> {
    await this.page.goto(`/event/${eventId}/camera`);
  }

  /** Opens the stored photo and checks that the browser decoded an image from the server. */
  async expectStoredReceiptShown(): Promise<void> {
    const image = this.receiptDialog.getByRole('img', { name: 'The stored photo of the receipt' });
    await expect(image).toBeVisible();
    const size = await image.evaluate((element: HTMLImageElement) => ({
      width: element.naturalWidth,
      source: new URL(element.src).pathname,
    }));
    expect(size.width).toBeGreaterThan(100);
    expect(size.source).toMatch(/^\/api\/event\/[^/]+\/receipts\/[0-9a-f-]{36}$/);
  }
}
