import type { Locator, Page } from '@playwright/test';

/** The expense form: /event/expense/{eventId}/{expenseId | new}. */
export class ExpenseFormPage {
  readonly title: Locator;
  readonly amount: Locator;
  readonly save: Locator;
  readonly remove: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByLabel('What for');
    this.amount = page.getByRole('textbox', { name: 'Amount', exact: true });
    this.save = page.getByRole('button', { name: 'Save' });
    this.remove = page.getByRole('button', { name: 'Delete' });
  }

  async chooseCurrency(code: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Currency' }).fill(code);
    await this.page.getByRole('option', { name: code, exact: true }).click();
  }

  /** Chooses how to split: a button where they fit on one row, else the select (a phone). */
  async splitBy(
    mode: 'Evenly' | 'By shares' | 'By percent' | 'Exact amounts' | 'By days present' | 'By items',
  ): Promise<void> {
    const select = this.page.getByRole('combobox', { name: 'How to split' });
    if (await select.isVisible()) await select.selectOption({ label: mode });
    else await this.page.getByRole('button', { name: mode, exact: true }).click();
  }

  /** The amount one person's row shows as their share. */
  shareOf(name: string): Locator {
    return this.page
      .getByRole('group')
      .filter({ hasText: 'For whom' })
      .locator('div')
      .filter({ has: this.page.getByText(name, { exact: true }) })
      .last();
  }
}
