import { expect, test } from '@playwright/test';
import { addEvenExpense, createEvent } from './support/api';
import { text } from './support/locale-texts';

test('notifications are offered after "who am I" in a card on the event home, which covers nothing and never follows to a form', async ({
  page,
  request,
}) => {
  const config = await (await request.get('/api/config')).json();
  test.skip(config.data.push === null, 'this server sends no push notifications');
  const event = await createEvent(request, {
    name: 'Lisbon',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
  });
  await addEvenExpense(request, event, {
    title: 'Dinner',
    amount: 9000,
    payer: 'Ana',
    among: ['Ana', 'Ben', 'Chloé'],
  });
  await page.goto(`/event/${event.id}/home`);
  const undecided = await page.evaluate(
    () =>
      'Notification' in window && 'PushManager' in window && Notification.permission === 'default',
  );
  test.skip(!undecided, 'this browser has decided about notifications already');

  const whoAmI = page.getByRole('region', { name: text('en', 'whoami.title') });
  await whoAmI.getByRole('button', { name: 'Ben', exact: true }).click();
  const offer = page.getByRole('region', { name: text('en', 'push.title') });
  await expect(offer).toContainText(text('en', 'push.offer'));
  await expect(offer.getByRole('button', { name: text('en', 'push.turnOn') })).toBeVisible();
  // A card in the page, not a message over it.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.screenshot({
    path: test.info().outputPath('event-home-notifications-offer.png'),
    fullPage: true,
  });

  // The expense form right after: nothing of the offer over "Who paid" and its buttons. (The add
  // button steps aside while a button is under it: at the page's end it never is.)
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // The round button, or the title bar's while the round one steps aside: both open the form.
  await page
    .getByRole('link', { name: text('en', 'expense.add') })
    .first()
    .click();
  const whoPaid = page.getByText(text('en', 'expense.payer'), { exact: true }).first();
  await expect(whoPaid).toBeVisible();
  await expect(page.getByText(text('en', 'push.offer'))).toHaveCount(0);
  for (const control of await page.locator('main').getByRole('button').all()) {
    if (!(await control.isVisible())) continue;
    const covered = await control.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const y = Math.min(box.top + box.height / 2, window.innerHeight - 1);
      const hit = document.elementFromPoint(box.left + box.width / 2, y);
      return hit !== null && !element.contains(hit) && hit.closest('[role="alert"]') !== null;
    });
    expect(covered).toBe(false);
  }

  // Back home the card waits for an answer; "Not now" closes it for good.
  await page.goBack();
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: text('en', 'push.notNow') }).click();
  await expect(offer).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // The round button, or the title bar's while the round one steps aside: both open the form.
  await page
    .getByRole('link', { name: text('en', 'expense.add') })
    .first()
    .click();
  await page.goBack();
  await expect(page.getByText(text('en', 'event.yourBalance'))).toBeVisible();
  await expect(offer).toHaveCount(0);
});
