import { expect, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { addEvenExpense, addPayment, createEvent, person } from './support/api';
import { englishOn, text } from './support/locale-texts';
import { expectNoSidewaysScroll } from './support/screens';
import { presetWhoAmI } from './support/storage';

/**
 * "Why these transfers?" under the suggested transfers: each transfer with where the payer's
 * debt and the payee's credit come from, in the same figures as the balances, and why there are
 * so few.
 */
test('the suggested transfers explain themselves: what each paid, their share, and why so few', async ({
  page,
  request,
}) => {
  const people = ['Ana', 'Ben', 'Chloé', 'Dan'];
  const event = await createEvent(request, { name: 'Lisbon', currency: 'EUR', people });
  // Ana paid €90 for three, Ben €30 for three; Dan paid Chloé back €5 he owed her from before.
  const three = ['Ana', 'Ben', 'Chloé'];
  await addEvenExpense(request, event, {
    title: 'Dinner',
    amount: 9000,
    payer: 'Ana',
    among: three,
  });
  await addEvenExpense(request, event, { title: 'Taxi', amount: 3000, payer: 'Ben', among: three });
  await addPayment(request, event, { from: 'Dan', to: 'Chloé', amount: 500 });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  const home = new EventHomePage(page);
  await home.goto(event.id);
  // Ana +50, Ben −10, Chloé −40 − 5 = −45, Dan +5: Chloé pays Ana 45, Ben pays Ana 5 and Dan 5.
  await expect(home.transfers.getByRole('listitem')).toHaveCount(3);

  await page.getByRole('button', { name: 'Why these transfers?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Why these transfers' });
  await expect(dialog).toBeVisible();
  const plan = dialog.getByRole('listitem');
  await expect(plan).toHaveCount(3);

  const chloe = dialog.getByRole('listitem', { name: 'Chloé pays Ana' });
  await expect(chloe).toContainText('Chloé pays Ana €45.00');
  await expect(chloe).toContainText(
    'Chloé paid €0.00 for the group and had a share of €40.00; counting €0.00 paid to others and €5.00 received from them, owes €45.00.',
  );
  await expect(chloe).toContainText(
    'Ana paid €90.00 for the group and had a share of €40.00, so is owed €50.00.',
  );
  await expect(chloe).toContainText('In all, Ana gets €45.00 from Chloé and €5.00 from Ben.');

  // Each balance is told once, with the first transfer that names its person.
  await expect(dialog.getByText(/^Ana paid/)).toHaveCount(1);
  await expect(dialog.getByText(/^Ben paid/)).toHaveCount(1);
  await expect(dialog).toContainText(
    'Ben paid €30.00 for the group and had a share of €40.00, so owes €10.00.',
  );
  await expect(dialog).toContainText(
    /In all, Ben pays €5\.00 to (Ana and €5\.00 to Dan|Dan and €5\.00 to Ana)\./,
  );
  await expect(dialog.getByRole('listitem', { name: 'Ben pays Dan' })).toContainText(
    'Dan paid €0.00 for the group and had a share of €0.00; counting €5.00 paid to others and €0.00 received from them, is owed €5.00.',
  );

  await expect(dialog).toContainText('4 people owe or are owed money.');
  await expect(dialog).toContainText('3 transfers settle everyone: the fewest there can be.');
  await expectNoSidewaysScroll(page, 'the explanation of the transfers');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

for (const language of ['de', 'ar']) {
  test(`"Why these transfers?" speaks ${language}, without English, and fits the window`, async ({
    page,
    request,
  }) => {
    const people = ['Ana', 'Ben', 'Chloé'];
    const event = await createEvent(request, { name: 'Lisboa', currency: 'EUR', people });
    await addEvenExpense(request, event, {
      title: 'Jantar',
      amount: 9000,
      payer: 'Ana',
      among: people,
    });
    await addPayment(request, event, { from: 'Chloé', to: 'Ben', amount: 1000 });
    await page.addInitScript((saved) => localStorage.setItem('locale', saved), language);
    await presetWhoAmI(page, event.id, person(event, 'Ana').id);
    await page.goto(`/event/${event.id}/home`);
    await page.getByRole('button', { name: text(language, 'event.whyTransfers') }).click();
    const dialog = page.getByRole('dialog', { name: text(language, 'explain.title') });
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    await expect(dialog).toContainText(text(language, 'explain.rule'));
    expect(await englishOn(page, language)).toEqual([]);
    await expectNoSidewaysScroll(page, `the explanation of the transfers in ${language}`);
  });
}
