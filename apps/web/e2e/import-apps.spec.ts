import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';

/** Another app's export, as the server's import tests read it (their README says whence). */
const fixture = (name: string) =>
  readFileSync(
    fileURLToPath(new URL(`../../server/test/api/fixtures/imports/${name}`, import.meta.url)),
  );

test('another app’s file is read as its format, its own totals checked, then imported', {
  tag: '@any-width',
}, async ({ page }) => {
  await page.goto('/import');
  const file = page.locator('input[type="file"]');
  const preview = page.getByRole('region', { name: 'What will be created' });

  // Splitwise in German, its totals row out of step with its rows: the difference shows.
  await file.setInputFiles({
    name: 'wg.csv',
    mimeType: 'text/csv',
    buffer: fixture('splitwise-de.csv'),
  });
  // The server's first import starts its work pool's thread, which takes seconds on a busy machine.
  await expect(preview).toContainText('Read as Splitwise (CSV)', { timeout: 30_000 });
  await expect(preview).toContainText("The file's own totals differ from what its entries give:");
  await expect(preview).toContainText('Ana: the file says -€3.00, its entries give -€3.83');

  // Spliit's JSON: its name and its own shares; created as previewed.
  await file.setInputFiles({
    name: 'Spliit Export - 2026-01-20.json',
    mimeType: 'application/json',
    buffer: fixture('spliit.json'),
  });
  await expect(preview).toContainText('Read as Spliit (JSON)');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Ski week');
  await expect(preview.getByRole('list', { name: 'Balances' }).getByRole('listitem')).toHaveText([
    /^Ana.*€46\.66$/,
    /^Ben.*-€3\.33$/,
    /^Cléo.*-€43\.33$/,
  ]);
  await page.getByRole('button', { name: 'Create the event' }).click();
  await expect(page).toHaveURL(/\/event\/[A-Za-z0-9_-]{22}\/home$/);
  const home = new EventHomePage(page);
  await home.chooseMe('Ben');
  await expect(home.yourBalance).toContainText('€3.33');
});
