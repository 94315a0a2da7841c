import { expect, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { addEvenExpense, createEvent, person } from './support/api';
import { presetWhoAmI } from './support/storage';

test('the event home puts who owes whom beside what happened on a wide screen, one below the other on a phone', async ({
  page,
  request,
}, testInfo) => {
  const everyone = ['Ana', 'Ben', 'Chloé'];
  const event = await createEvent(request, {
    name: 'Lisbon trip',
    currency: 'EUR',
    people: everyone,
  });
  await addEvenExpense(request, event, {
    title: 'Dinner',
    amount: 9000,
    payer: 'Ana',
    among: everyone,
  });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  const home = new EventHomePage(page);
  await home.goto(event.id);
  await expect(home.recentExpenses).toContainText('Dinner');
  const balances = await home.balances.boundingBox();
  const recent = await home.recentExpenses.boundingBox();
  if (!balances || !recent) throw new Error('the balances and the recent expenses are shown');
  const wide = (page.viewportSize()?.width ?? 0) >= 1200;
  if (wide) {
    // Side by side, from the same height, each half of the room.
    expect(recent.x).toBeGreaterThanOrEqual(balances.x + balances.width);
    expect(Math.abs(recent.y - balances.y)).toBeLessThan(80);
    expect(balances.width).toBeGreaterThan(400);
  } else {
    expect(recent.y).toBeGreaterThan(balances.y + balances.height);
    expect(recent.x).toBe(balances.x);
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, testInfo.project.name).toBeLessThanOrEqual(0);
});
