import { expect, type Page, test } from '@playwright/test';
import { addEvenExpense, addPayment, createEvent, person } from './support/api';
import { text } from './support/locale-texts';
import { capture, expectNoSidewaysScroll, speak } from './support/screens';
import { presetWhoAmI } from './support/storage';

/** Whether `locator`'s box stands in the right half of the window. */
async function onTheRight(page: Page, name: string): Promise<boolean> {
  const box = await page.getByRole('button', { name }).first().boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x + box.width / 2 > width / 2;
}

test('Arabic lays out right to left and fits 360 px: the home, the expense form, the report', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone’s width is what is checked');
  // Arabic and Latin names side by side, as a travelling group has them.
  const people = ['سارة', 'Ana', 'محمد'];
  const event = await createEvent(request, { name: 'رحلة لشبونة', currency: 'EUR', people });
  await addEvenExpense(request, event, {
    title: 'عشاء في Ramiro',
    amount: 9000,
    payer: 'سارة',
    among: people,
    category: 'food',
  });
  await addEvenExpense(request, event, {
    title: 'Taxi',
    amount: 3000,
    payer: 'Ana',
    among: people,
    category: 'transport',
  });
  await addPayment(request, event, { from: 'محمد', to: 'سارة', amount: 1000 });
  await presetWhoAmI(page, event.id, person(event, 'سارة').id);
  await speak(page, 'ar');

  await test.step('the server renders the first screen right to left', async () => {
    const html = await (
      await request.get(`/event/${event.id}/home`, { headers: { cookie: 'locale=ar' } })
    ).text();
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
  });

  await test.step('home: right to left, the menu at the right, nothing sideways', async () => {
    await page.goto(`/event/${event.id}/home`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByText(text('ar', 'event.yourBalance'), { exact: true })).toBeVisible();
    expect(await onTheRight(page, text('ar', 'nav.openMenu')), 'the menu button').toBe(true);
    await expectNoSidewaysScroll(page, 'home');
    await capture(page, 'ar-event-home', 'light');
    // The drawer opens from the right.
    await page.getByRole('button', { name: text('ar', 'nav.openMenu') }).click();
    const drawer = page.locator('.MuiDrawer-paper');
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0), 'the drawer’s right edge').toBeGreaterThan(350);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  await test.step('expense form: right to left, back at the right, nothing sideways', async () => {
    await page.getByRole('link', { name: /Ramiro/ }).click();
    const amount = page.getByRole('textbox', { name: text('ar', 'expense.amount'), exact: true });
    await expect(amount).toHaveValue('90.00');
    expect(await onTheRight(page, text('ar', 'nav.back')), 'the back button').toBe(true);
    await expectNoSidewaysScroll(page, 'expense form');
    await capture(page, 'ar-expense-form', 'light');
  });

  await test.step('report: right to left, the PDF said to be in English, nothing sideways', async () => {
    await page.goto(`/event/${event.id}/report`);
    await expect(page.getByText(text('ar', 'report.pdfInEnglish'))).toBeVisible();
    await expect(page.getByRole('article')).toContainText('محمد');
    await expectNoSidewaysScroll(page, 'report');
    await capture(page, 'ar-report', 'light');
  });
});
