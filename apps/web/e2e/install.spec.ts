import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { waitForServiceWorker } from './support/offline';
import { readStorageText } from './support/storage';

test('Chromium finds the app installable, and "close" on the install dialog is remembered', async ({
  baseURL,
}, testInfo) => {
  // A real profile on disk, as installing needs; flags let headless Chromium offer installation
  // without the weeks of engagement a person would show.
  const profile = mkdtempSync(join(tmpdir(), 'quits-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    baseURL,
    viewport: testInfo.project.use.viewport ?? null,
    args: ['--no-sandbox', '--disable-gpu', '--bypass-app-banner-engagement-checks'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForServiceWorker(page);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);

    const dialog = page.getByRole('dialog', { name: 'Install Quits?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Install' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(await readStorageText(page, 'installPrompt')).toBe('dismiss');

    await page.reload();
    // The title bar still offers installation; the dialog does not come back.
    await expect(page.getByRole('button', { name: 'Install the app' })).toBeVisible();
    await expect(dialog).toBeHidden();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the manifest names the app in the chosen language', { tag: '@any-width' }, async ({
  page,
  request,
}) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'de'));
  await page.goto('/');
  const href = await page
    .locator('link[rel="manifest"]')
    .evaluate((link: HTMLLinkElement) => new URL(link.href).pathname);
  expect(href).toBe('/manifest.de.webmanifest');
  const manifest = (await (await request.get(href)).json()) as { name: string; lang: string };
  expect(manifest).toMatchObject({ name: 'Quits — gemeinsame Kosten teilen', lang: 'de' });
});
