// Renders apps/web/public/icon.svg's mark to the PNG icons the manifest lists (run again after changing the
// logo: node scripts/make-icons.mjs). Uses Debian's Chromium through Playwright.

import { chromium } from '@playwright/test';

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();
const any = (size) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1f6f5c"/><path d="M18 34l9 9 19-22" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
// Maskable: full-bleed background, the mark inside the 80 % safe zone.
const maskable = (size) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1f6f5c"/><g transform="translate(32 32) scale(0.7) translate(-32 -32)"><path d="M18 34l9 9 19-22" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;
for (const [name, svg, size] of [
  ['icon-192.png', any(192), 192],
  ['icon-512.png', any(512), 512],
  ['icon-maskable-512.png', maskable(512), 512],
  ['apple-touch-icon.png', maskable(180), 180],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page
    .locator('svg')
    .screenshot({ path: `apps/web/public/icons/${name}`, omitBackground: true });
}
await browser.close();
