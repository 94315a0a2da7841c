import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';

/**
 * Where a test's screenshots go: the test output, so that a run changes no tracked file; the
 * README's pictures (docs/screenshots/) with UPDATE_SCREENSHOTS=1.
 */
const SCREENSHOTS = fileURLToPath(
  new URL(
    process.env.UPDATE_SCREENSHOTS
      ? '../../../../docs/screenshots/'
      : '../../../../test-results/screenshots/',
    import.meta.url,
  ),
);

/**
 * A screenshot named after the screen, the colour scheme and the width's project: the whole page,
 * or the window alone (an open popup, which a whole-page capture's resizing would move).
 */
export async function capture(
  page: Page,
  screen: string,
  scheme: string,
  fullPage = true,
): Promise<void> {
  // From the top: a whole-page capture of a scrolled page draws the fixed bars mid-page.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: `${SCREENSHOTS}${screen}-${scheme}-${test.info().project.name}.png`,
    fullPage,
    animations: 'disabled',
    caret: 'hide',
  });
}

/** Starts the app in `language` (the drawer's choice, kept in local storage). */
export async function speak(page: Page, language: string): Promise<void> {
  await page.addInitScript((saved) => {
    if (localStorage.getItem('locale') === null) localStorage.setItem('locale', saved);
  }, language);
}

/** Fails when the page is wider than the window: nothing may scroll sideways at 360 px. */
export async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `pixels the ${screen} is wider than the window`).toBeLessThanOrEqual(0);
}
