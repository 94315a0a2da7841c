import { expect, type Locator, type Page } from '@playwright/test';

/** The title bar and the drawer: temporary behind a menu button on a phone, permanent above. */
export class AppShell {
  readonly title: Locator;
  readonly menuButton: Locator;
  readonly darkMode: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByRole('banner').getByRole('heading', { level: 1 });
    this.menuButton = page.getByRole('button', { name: 'Open menu' });
    this.darkMode = page.getByRole('switch', { name: 'Dark mode' });
  }

  /** Shows the drawer's contents, opening it first where it is not always there. */
  async openDrawer(): Promise<void> {
    // The app's own title bar, not the frame index.html paints before the app's code runs:
    // until it shows, whether there is a menu button is not known yet.
    await expect(this.title).toBeVisible();
    if (await this.menuButton.isVisible()) {
      // On a loaded machine a first tap on the menu has been seen to open nothing (the drawer's
      // code loading at that moment); the tap is repeated until the drawer shows, at most 15 s.
      await expect(async () => {
        if (!(await this.darkMode.isVisible())) await this.menuButton.click();
        await expect(this.darkMode).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 15_000 });
    }
    await expect(this.darkMode).toBeVisible();
  }

  /** The page's background colour, as the browser paints it (`rgb(…)`). */
  async backgroundColour(): Promise<string> {
    return this.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  }
}
