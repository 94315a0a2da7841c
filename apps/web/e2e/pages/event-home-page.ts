import { expect, type Locator, type Page } from '@playwright/test';

/** An event's home: who am I, your balance, everyone's balances, suggested transfers. */
export class EventHomePage {
  readonly whoAmIQuestion: Locator;
  readonly yourBalance: Locator;
  readonly balances: Locator;
  readonly transfers: Locator;
  readonly settledUp: Locator;
  readonly recentExpenses: Locator;

  constructor(readonly page: Page) {
    this.whoAmIQuestion = page.getByRole('region', { name: 'Who are you?' });
    // The card holding the "Your balance" caption and the amount under it.
    this.yourBalance = page.getByText('Your balance', { exact: true }).locator('..');
    this.balances = page.getByRole('list', { name: 'Balances' });
    this.transfers = page.getByRole('list', { name: 'Suggested transfers' });
    this.settledUp = page.getByText('Everyone is settled up.');
    this.recentExpenses = page.getByRole('region', { name: 'Recent expenses' });
  }

  /** The event id in the current address, /event/{id}/home. */
  eventId(): string {
    const id = /\/event\/([^/]+)\/home$/.exec(new URL(this.page.url()).pathname)?.[1];
    if (!id) throw new Error(`not an event home: ${this.page.url()}`);
    return id;
  }

  async goto(eventId: string): Promise<void> {
    await this.page.goto(`/event/${eventId}/home`);
  }

  async chooseMe(name: string): Promise<void> {
    await expect(this.whoAmIQuestion).toBeVisible();
    await this.whoAmIQuestion.getByRole('button', { name, exact: true }).click();
    await expect(this.whoAmIQuestion).toBeHidden();
  }

  /** The row of `name` in the balances list. */
  balanceOf(name: string): Locator {
    return this.balances
      .getByRole('listitem')
      .filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** The suggested transfer from `from` to `to`. */
  transfer(from: string, to: string): Locator {
    return this.transfers.getByRole('listitem').filter({ hasText: `${from} pays ${to}` });
  }
}
