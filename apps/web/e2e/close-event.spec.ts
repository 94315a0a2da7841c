import { expect, test } from '@playwright/test';
import { addEvenExpense, addPayment, createEvent, getEvent, person } from './support/api';
import { presetWhoAmI, readStorage } from './support/storage';

test('a settled event is closed from settings, read-only everywhere, sorted apart, and reopened', async ({
  page,
  request,
}, testInfo) => {
  const event = await createEvent(request, {
    name: 'Weekend in Ghent',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await addEvenExpense(request, event, {
    title: 'Hotel',
    amount: 20000,
    payer: 'Ana',
    among: ['Ana', 'Ben'],
  });
  const other = await createEvent(request, { name: 'Flat', currency: 'EUR', people: ['Ana'] });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  // The device knows both events (the server draws the first screen before the app keeps it).
  await page.goto(`/event/${other.id}/home`);
  await expect(page.getByRole('heading', { name: 'Balances' })).toBeVisible();
  await expect
    .poll(async () =>
      ((await readStorage(page, 'events')) as { id: string }[] | null)?.map((e) => e.id),
    )
    .toContain(other.id);

  await page.goto(`/event/${event.id}/settings#close`);
  const close = page.getByRole('button', { name: 'Close the event' });
  await test.step('not before everyone is settled', async () => {
    await expect(page.getByText('The event can be closed once everyone is settled')).toBeVisible();
    await expect(close).toBeDisabled();
  });

  await test.step('once settled, closing makes it read-only, with the date', async () => {
    await addPayment(request, event, { from: 'Ben', to: 'Ana', amount: 10000 });
    await page.reload();
    await expect(close).toBeEnabled();
    await close.click();
    await expect(page.getByText(/^Closed on .*: everyone was settled/)).toBeVisible();
    expect((await getEvent(request, event.id)).closed_at).toEqual(expect.any(String));
  });

  await test.step('the event home says so and offers nothing to add', async () => {
    await page.goto(`/event/${event.id}/home`);
    await expect(page.getByText(/^Closed on .*: everyone was settled/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add expense' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Record a payment' })).toHaveCount(0);
    await expect(page.getByText('Ana closed the event')).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({
        path: testInfo.outputPath(`closed-event-${scheme}.png`),
        fullPage: true,
      });
    }
  });

  await test.step('a form opened by a link says the event is closed before anything is typed', async () => {
    await page.goto(`/event/expense/${event.id}/new`);
    await expect(page.getByText(/^Closed on .*: everyone was settled/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'What for' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  await test.step('closed events sort apart on the start page and in the drawer', async () => {
    await page.goto('/');
    const closedList = page.getByRole('heading', { name: 'Closed events' }).first();
    await expect(closedList).toBeVisible();
    // Open events come first, closed ones under their own heading.
    // (On a desktop the drawer's list shows before the page's own: wait for the page's.)
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 3, name: 'Weekend in Ghent' })).toBeVisible();
    const headings = await main.getByRole('heading', { level: 3 }).allTextContents();
    expect(headings.indexOf('Flat')).toBeGreaterThanOrEqual(0);
    expect(headings.indexOf('Flat')).toBeLessThan(headings.indexOf('Weekend in Ghent'));
    await expect(page.getByText(/^Closed \d/)).toBeVisible();
  });

  await test.step('a change made anyway is refused in words', async () => {
    const refused = await request.post(`/api/users`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { event_id: event.id, name: 'Chloé' },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'event_closed' });
  });

  await test.step('reopening gives the add button back', async () => {
    await page.goto(`/event/${event.id}/home`);
    await page.getByRole('button', { name: 'Reopen' }).click();
    await expect(page.getByText(/^Closed on/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add expense' }).first()).toBeVisible();
    expect((await getEvent(request, event.id)).closed_at).toBeNull();
  });
});
