import { expect, type Locator, type Page } from '@playwright/test';

/** The new event form: name, description, currency, people. */
export class NewEventPage {
  readonly name: Locator;
  readonly description: Locator;
  readonly currency: Locator;
  readonly addPerson: Locator;
  readonly create: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByRole('textbox', { name: 'Name', exact: true });
    this.description = page.getByRole('textbox', { name: 'Description' });
    this.currency = page.getByRole('combobox', { name: 'Currency' });
    this.addPerson = page.getByRole('button', { name: 'Add a person' });
    this.create = page.getByRole('button', { name: 'Create event' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/new-event');
    await expect(this.name).toBeVisible();
  }

  person(number: number): Locator {
    return this.page.getByRole('textbox', { name: `Person ${number}`, exact: true });
  }

  /** Picks a currency from the global list by typing its code, as a person would. */
  async chooseCurrency(code: string, label: string): Promise<void> {
    await this.currency.click();
    await this.currency.fill(code);
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await expect(this.currency).toHaveValue(label);
  }

  /** Types the people's names, adding rows beyond the two the form starts with. */
  async fillPeople(names: readonly string[]): Promise<void> {
    for (const [index, name] of names.entries()) {
      const field = this.person(index + 1);
      if (!(await field.isVisible())) await this.addPerson.click();
      await field.fill(name);
    }
  }
}
