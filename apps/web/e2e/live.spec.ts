import { expect, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { ExpenseFormPage } from './pages/expense-form-page';
import { createEvent, person } from './support/api';
import { presetWhoAmI } from './support/storage';

test('an expense added on one device appears on another without a reload', {
  tag: '@any-width',
}, async ({ browser, request, baseURL }) => {
  const event = await createEvent(request, {
    name: 'Lisbon trip',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  const open = async (name: string) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await presetWhoAmI(page, event.id, person(event, name).id);
    await page.goto(`/event/${event.id}/home`);
    await expect(new EventHomePage(page).yourBalance).toContainText('€0.00');
    return { context, page };
  };
  const ana = await open('Ana');
  const ben = await open('Ben');
  try {
    // Ana is in the middle of typing an expense of her own when Ben's arrives.
    await ana.page.getByRole('link', { name: 'Add expense' }).click();
    const anaForm = new ExpenseFormPage(ana.page);
    await anaForm.title.fill('Half-typed');

    await ben.page.getByRole('link', { name: 'Add expense' }).click();
    const benForm = new ExpenseFormPage(ben.page);
    await benForm.title.fill('Taxi');
    await benForm.amount.fill('40');
    await benForm.save.click();
    await expect(ben.page.getByRole('region', { name: 'Recent expenses' })).toContainText('Taxi');

    await expect(ana.page.getByRole('alert')).toContainText('Ben added “Taxi”');
    await expect(anaForm.title).toHaveValue('Half-typed');
    // Leaving what she typed asks first; she lets it go.
    await ana.page.goBack();
    await ana.page
      .getByRole('dialog', { name: 'Discard changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    const home = new EventHomePage(ana.page);
    await expect(home.recentExpenses).toContainText('Taxi');
    await expect(home.yourBalance).toContainText('-€20.00');
  } finally {
    await ana.context.close();
    await ben.context.close();
  }
});
