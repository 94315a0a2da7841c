import { expect, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { addEvenExpense, createEvent, getEvent, person } from './support/api';
import { presetWhoAmI } from './support/storage';

test('"Mark as paid" says what it recorded and offers Undo, on a finger-sized button', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Lisbon trip',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await addEvenExpense(request, event, {
    title: 'Dinner',
    amount: 6000,
    payer: 'Ana',
    among: ['Ana', 'Ben'],
  });
  await presetWhoAmI(page, event.id, person(event, 'Ben').id);
  const home = new EventHomePage(page);
  await home.goto(event.id);
  const markPaid = home.transfer('Ben', 'Ana').getByRole('button', { name: 'Mark as paid' });
  await expect(markPaid).toBeVisible();
  expect((await markPaid.boundingBox())?.height).toBeGreaterThanOrEqual(44);

  await markPaid.click();
  const notice = page.getByRole('alert').filter({ hasText: 'Recorded: Ben paid Ana €30.00' });
  await expect(notice).toBeVisible();
  await expect(home.settledUp).toBeVisible();
  await expect(home.balanceOf('Ben')).toContainText('€0.00');
  expect((await getEvent(request, event.id)).payments).toHaveLength(1);

  // Tapped by mistake: Undo takes the payment back, and the transfer is suggested again.
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment deleted' })).toBeVisible();
  await expect(home.transfer('Ben', 'Ana')).toContainText('€30.00');
  await expect(home.balanceOf('Ben')).toContainText('-€30.00');
  expect((await getEvent(request, event.id)).payments).toHaveLength(0);
});
