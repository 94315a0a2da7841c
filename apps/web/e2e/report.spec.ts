import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import type { Event } from '@quits/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { addEvenExpense, addPayment, createEvent } from './support/api';
import { typeDate } from './support/date-field';
import { presetWhoAmI } from './support/storage';

const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url))
  : fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

/** The text of every page of a PDF, read the way a PDF viewer reads it. */
async function pdfPages(path: string): Promise<string[]> {
  const document = await getDocument({
    data: new Uint8Array(await readFile(path)),
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages;
}

/** Opens the report from the event's settings, as a person would. */
async function openReport(page: Page, event: Event, openLabel: RegExp | string): Promise<void> {
  const first = event.users[0];
  if (first) await presetWhoAmI(page, event.id, first.id);
  await page.goto(`/event/${event.id}/settings`);
  await page.getByRole('link', { name: openLabel }).click();
  await expect(page).toHaveURL(new RegExp(`/event/${event.id}/report$`));
}

async function downloadPdf(page: Page, label: RegExp | string): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: label }).click(),
  ]);
  const path = await download.path();
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  return pdfPages(path);
}

test('the report shows the statement, prints it alone and downloads it as a PDF', async ({
  page,
  request,
}, testInfo) => {
  const event = await createEvent(request, {
    name: 'Lisbon trip',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
  });
  const all = ['Ana', 'Ben', 'Chloé'];
  await addEvenExpense(request, event, {
    title: 'Dinner',
    amount: 9000,
    payer: 'Ana',
    among: all,
    category: 'food',
  });
  await addEvenExpense(request, event, {
    title: 'Taxi',
    amount: 3000,
    payer: 'Ben',
    among: all,
    category: 'transport',
    date: '2026-11-22',
  });
  await addPayment(request, event, { from: 'Chloé', to: 'Ana', amount: 1000 });
  await openReport(page, event, 'Open the report');

  const sheet = page.getByRole('article', { name: 'Report' });
  await expect(sheet.getByRole('heading', { name: 'Lisbon trip — Statement' })).toBeVisible();
  await expect(sheet).toContainText('€120.00'); // spent
  await expect(sheet).toContainText('Chloé pays Ana: €30.00');
  await expect(sheet).toContainText('Payment from Chloé to Ana');
  await expect(sheet).toContainText('Food and drink');
  // Nothing of the page runs off its side, on a phone either.
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);
  await page.screenshot({
    path: `${SCREENSHOTS}report-${testInfo.project.name}.png`,
    fullPage: true,
  });

  await test.step('printed, only the statement shows', async () => {
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(sheet.getByRole('heading', { name: 'Lisbon trip — Statement' })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
  });

  await test.step('a date range lists only its entries', async () => {
    // Typed as the app's language writes dates (English here: day, month, year).
    const from = page.getByRole('textbox', { name: 'From', exact: true });
    await typeDate(from, '21112026');
    await expect(sheet).not.toContainText('Dinner');
    await expect(sheet).toContainText('Taxi');
    await from.press('ControlOrMeta+a');
    await from.press('Backspace');
    await expect(sheet).toContainText('Dinner');
  });

  await test.step('the PDF holds the same totals, with the name and page number on each page', async () => {
    const pages = await downloadPdf(page, 'Download PDF');
    const text = pages.join(' ');
    expect(text).toContain('€120.00');
    expect(text).toContain('€40.00'); // Ana's balance: 90 − 40 − 10
    expect(text).toContain('Chloé pays Ana');
    expect(text).toContain('Dinner');
    for (const [index, onPage] of pages.entries()) {
      expect(onPage).toContain('Lisbon trip');
      expect(onPage).toContain(`Page ${index + 1} of ${pages.length}`);
    }
  });
});

test('a Chinese event gets its report and its PDF in Chinese', async ({
  page,
  request,
}, testInfo) => {
  const event = await createEvent(request, {
    name: '东京之旅',
    currency: 'CNY',
    people: ['小明', '小红'],
  });
  await addEvenExpense(request, event, {
    title: '晚餐',
    amount: 30000,
    payer: '小明',
    among: ['小明', '小红'],
    category: 'food',
  });
  await page.addInitScript(() => localStorage.setItem('locale', 'zh'));
  await openReport(page, event, '打开报告');
  const sheet = page.getByRole('article', { name: '报告' });
  await expect(sheet.getByRole('heading', { name: '东京之旅 — 账单报告' })).toBeVisible();
  await expect(sheet).toContainText('总支出');
  await page.screenshot({ path: `${SCREENSHOTS}report-zh-${testInfo.project.name}.png` });
  const text = (await downloadPdf(page, '下载 PDF')).join(' ');
  expect(text).toContain('东京之旅');
  expect(text).toContain('晚餐');
  expect(text).toContain('总支出');
  expect(text).toContain('小红 付给 小明');
});
