import { expect, type Page, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { ExpenseFormPage } from './pages/expense-form-page';
import { addPayment, createEvent, getEvent, person } from './support/api';
import { invoicePdf } from './support/documents';
import { receiptJpeg } from './support/receipt-images';
import { capture, expectNoSidewaysScroll } from './support/screens';
import { presetWhoAmI } from './support/storage';

const EVERYONE = ['Ana', 'Ben', 'Chloé'];

/** The hidden file input behind "Attach photos or PDFs". */
const fileInput = (page: Page) =>
  page.locator('input[type="file"][aria-label="Attach photos or PDFs"]');

test('a photo and a PDF invoice attached to an expense are kept, shown and removed, without their metadata', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, { name: 'Ski week', currency: 'EUR', people: EVERYONE });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  const form = new ExpenseFormPage(page);
  await page.goto(`/event/expense/${event.id}/new`);
  await form.title.fill('Hotel');
  await form.amount.fill('240');

  // A file that is neither a photo nor a PDF is refused here, by name, before any upload.
  const files = [
    { name: 'room-photo.jpg', mimeType: 'image/jpeg', buffer: await receiptJpeg() },
    { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: await invoicePdf() },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') },
  ];
  await fileInput(page).setInputFiles(files);
  // Typed while the files upload: their arrival keeps it.
  const note = page.getByRole('textbox', { name: 'Note' });
  await note.fill('Two nights, breakfast included');
  await expect(page.getByText('notes.txt is neither a photo nor a PDF.')).toBeVisible();
  const photo = page.getByRole('button', { name: 'Open room-photo.jpg' });
  const pdf = page.getByRole('link', { name: 'Open invoice.pdf' });
  await expect(photo).toBeVisible();
  await expect(pdf).toBeVisible();
  await expect(pdf).toContainText('PDF');
  await expect(note).toHaveValue('Two nights, breakfast included');

  // The photo opens in the app, loaded from the server.
  await photo.click();
  const dialog = page.getByRole('dialog', { name: 'room-photo.jpg' });
  const image = dialog.getByRole('img', { name: 'Attached photo room-photo.jpg' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // The PDF opens in the browser's own viewer, as the server keeps it: without its author.
  const href = await pdf.getAttribute('href');
  expect(href).toMatch(/^\/api\/event\/.+\/attachments\/[0-9a-f-]{36}$/);
  const stored = await request.get(href ?? '');
  expect(stored.headers()['content-type']).toBe('application/pdf');
  const bytes = await stored.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.includes('Hotel Billing Desk')).toBe(false);
  // The browser shows it in its own viewer (no download, no "content blocked" by the policy).
  const viewer = await page.context().newPage();
  await viewer.goto(href ?? '');
  expect(await viewer.evaluate(() => document.contentType)).toBe('application/pdf');
  await viewer.close();

  await expectNoSidewaysScroll(page, 'expense form with attachments');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await capture(page, 'attachments-form', scheme);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await form.save.click();
  await expect(page.getByText('Expense created successfully!')).toBeVisible();
  const saved = (await getEvent(request, event.id)).expenditures.find((e) => e.title === 'Hotel');
  expect(saved?.attachments?.map((a) => [a.name, a.content_type])).toEqual([
    ['room-photo.jpg', 'image/jpeg'],
    ['invoice.pdf', 'application/pdf'],
  ]);

  // Reopened, it lists both; removing the photo and saving keeps the PDF alone.
  await page.goto(`/event/expense/${event.id}/${saved?.id}`);
  await page.getByRole('button', { name: 'Remove room-photo.jpg' }).click();
  await expect(page.getByRole('button', { name: 'Open room-photo.jpg' })).toBeHidden();
  await form.save.click();
  await expect(page.getByText('Expense saved')).toBeVisible();
  const edited = (await getEvent(request, event.id)).expenditures.find((e) => e.title === 'Hotel');
  expect(edited?.attachments?.map((a) => a.name)).toEqual(['invoice.pdf']);

  // The history names the change.
  await page.goto(`/event/${event.id}/history`);
  await expect(page.getByText(/room-photo\.jpg, invoice\.pdf/).first()).toBeVisible();
});

test('a payment keeps its PDF receipt; offline, attaching waits for a connection while the payment itself can still be saved', async ({
  page,
  request,
  context,
}) => {
  const event = await createEvent(request, { name: 'Flat', currency: 'EUR', people: EVERYONE });
  await addPayment(request, event, { from: 'Ben', to: 'Ana', amount: 5000, title: 'Rent share' });
  await presetWhoAmI(page, event.id, person(event, 'Ben').id);
  const home = new EventHomePage(page);
  await home.goto(event.id);
  const payment = (await getEvent(request, event.id)).payments[0];
  await page.goto(`/event/payment/${event.id}/${payment?.id}`);
  await fileInput(page).setInputFiles({
    name: 'bank-transfer.pdf',
    mimeType: 'application/pdf',
    buffer: await invoicePdf(),
  });
  await expect(page.getByRole('link', { name: 'Open bank-transfer.pdf' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'payment form with an attachment');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await capture(page, 'attachments-payment', scheme);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await context.setOffline(true);
  const add = page.getByRole('button', { name: 'Attach photos or PDFs' });
  await expect(add).toBeDisabled();
  await expect(page.getByText('Attaching a file needs a connection.')).toBeVisible();
  await context.setOffline(false);
  await expect(add).toBeEnabled();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Payment saved')).toBeVisible();
  const saved = (await getEvent(request, event.id)).payments[0];
  expect(saved?.attachments?.map((a) => a.name)).toEqual(['bank-transfer.pdf']);
});
