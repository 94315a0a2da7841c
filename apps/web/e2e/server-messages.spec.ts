import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { text, WALKED_LANGUAGES } from './support/locale-texts';

const SPLITWISE = readFileSync(
  fileURLToPath(new URL('../../server/test/api/fixtures/splitwise-flat.csv', import.meta.url)),
  'utf8',
);

for (const language of WALKED_LANGUAGES) {
  test(
    `the server's refusals and warnings are worded in ${language}`,
    { tag: '@any-width' },
    async ({ page }, testInfo) => {
      await page.addInitScript((saved) => localStorage.setItem('locale', saved), language);
      await page.goto('/import');
      const file = page.locator('input[type="file"]');

      // A row left out: the server's warning, by its code, in the person's language.
      await file.setInputFiles({
        name: 'flat.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(SPLITWISE),
      });
      const skipped = text(language, 'serverMessage.csv_skipped', { title: "Ana's own coffee" });
      // The first file a server reads starts its work threads, which run below everything else
      // on a busy machine: 10 s was not always enough on two cores shared with two browsers.
      await expect(
        page.getByText(text(language, 'transfer.onLine', { line: '9', message: skipped })),
      ).toBeVisible({ timeout: 30_000 });

      // A bad line: the server's problem, by its code, in the person's language.
      await file.setInputFiles({
        name: 'broken.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(SPLITWISE.replace('90.00,EUR', 'ninety,EUR')),
      });
      await expect(
        page.getByText(text(language, 'serverMessage.csv_cost_number', { line: '3' })),
      ).toBeVisible();
      await expect(page.getByText(text(language, 'transfer.cannotImport'))).toBeVisible();
      await page.screenshot({
        path: testInfo.outputPath(`refused-${language}.png`),
        fullPage: true,
      });
    },
  );
}
