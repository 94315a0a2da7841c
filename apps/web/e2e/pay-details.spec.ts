import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { addEvenExpense, createEvent, getEvent, person } from './support/api';
import { capture } from './support/screens';
import { presetWhoAmI } from './support/storage';

/** The text of the QR code in a PNG, read as a banking app's camera would. */
async function decodeQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

test('a person’s IBAN is added and the transfer to them is paid by scanning its SEPA QR code', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Lisbon trip',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await addEvenExpense(request, event, {
    title: 'Dinner',
    amount: 9000,
    payer: 'Ana',
    among: ['Ana', 'Ben'],
  });
  const ana = person(event, 'Ana');
  await presetWhoAmI(page, event.id, ana.id);

  await test.step('Ana gives her IBAN on her page; a mistyped one is refused', async () => {
    await page.goto(`/event/${event.id}/people/${ana.id}`);
    await page.getByRole('button', { name: 'Add payment details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment details of Ana' });
    const iban = dialog.getByRole('textbox', { name: 'IBAN' });
    await iban.fill('DE88 3704 0044 0532 0130 00');
    await iban.blur();
    await expect(dialog.getByText('This IBAN is not valid: check it for typos.')).toBeVisible();
    await iban.fill('de89 3704 0044 0532 0130 00');
    await dialog.getByRole('textbox', { name: 'Account holder' }).fill('Ana Müller');
    await dialog.getByRole('textbox', { name: 'PayPal.me username' }).fill('anamuller');
    await capture(page, 'payment-details-form', 'light', false);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Given: IBAN, PayPal.me username')).toBeVisible();
    const saved = person(await getEvent(request, event.id), 'Ana');
    expect(saved.payment_details).toEqual({
      iban: 'DE89370400440532013000',
      account_holder: 'Ana Müller',
      paypal: 'anamuller',
    });
  });

  await test.step('Ben opens "How to pay" and the QR code holds the EPC transfer', async () => {
    await page.goto(`/event/${event.id}/home`);
    const settle = page.getByRole('list', { name: 'Suggested transfers' });
    await settle.getByRole('button', { name: 'How to pay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ben pays Ana €45.00' });
    const qr = dialog.getByRole('img', { name: 'SEPA transfer QR code: €45.00 to Ana' });
    await expect(qr).toBeVisible();
    await capture(page, 'pay-dialog', 'light', false);
    const decoded = await decodeQr(await qr.screenshot());
    expect(decoded?.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      '',
      'Ana Müller',
      'DE89370400440532013000',
      'EUR45.00',
      '',
      '',
      'Quits: Lisbon trip',
    ]);
    await expect(dialog.getByText('DE89 3704 0044 0532 0130 00')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Pay with PayPal' })).toHaveAttribute(
      'href',
      'https://paypal.me/anamuller/45.00EUR',
    );
    await dialog.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Everyone is settled up.')).toBeVisible();
  });
});
