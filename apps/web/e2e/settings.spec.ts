import { expect, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { addEvenExpense, createEvent, getEvent, person } from './support/api';
import { presetWhoAmI, readStorage } from './support/storage';

test('settings change the details, the currencies and their rates, with the spec’s messages', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Lisbon trip',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  await page.goto(`/event/${event.id}/settings`);
  const currencies = page.getByRole('list', { name: 'Currencies of the event' });
  const notice = page.getByRole('alert');

  await test.step('the name cannot be emptied; a new name is saved', async () => {
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.fill('');
    await expect(page.getByText('Please fill out to continue')).toBeVisible();
    await name.fill('Lisbon & Porto');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notice).toContainText('Event saved');
    await expect(page.getByRole('banner')).toContainText('Settings');
    expect((await getEvent(request, event.id)).name).toBe('Lisbon & Porto');
  });

  await test.step('adding USD starts from its default rate; a bad rate is refused', async () => {
    await page.getByRole('button', { name: 'Add currency' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add currency' });
    await dialog.getByRole('combobox', { name: 'Select currency' }).fill('USD');
    await page.getByRole('option', { name: /USD — US Dollar/ }).click();
    const rate = dialog.getByRole('textbox', { name: /Exchange rate/ });
    await expect(rate).not.toHaveValue('');
    await rate.fill('abc');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please enter a valid number')).toBeVisible();
    await rate.fill('0,92');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(notice).toContainText('Currency added successfully');
    await expect(currencies).toContainText('1 USD = 0.92 EUR');
    expect((await getEvent(request, event.id)).currency_rates).toEqual([
      { currency_id: 'USD', exchange_rate: 0.92 },
    ]);
  });

  await test.step('editing the rate, then going back to the default rate', async () => {
    await page.getByRole('button', { name: 'Edit the rate of USD' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the rate of USD' });
    await dialog.getByRole('textbox', { name: /Exchange rate/ }).fill('0.9');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(notice).toContainText('Exchange rate updated');
    await expect(currencies).toContainText('1 USD = 0.9 EUR');

    await page.getByRole('button', { name: 'Edit the rate of USD' }).click();
    await dialog.getByRole('button', { name: 'Use the default rate' }).click();
    const typed = await dialog.getByRole('textbox', { name: /Exchange rate/ }).inputValue();
    expect(Number(typed)).toBeGreaterThan(0.5);
    expect(Number(typed)).not.toBe(0.9);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(currencies).not.toContainText('1 USD = 0.9 EUR');
  });

  await test.step('removing the currency', async () => {
    await page.getByRole('button', { name: 'Remove USD' }).click();
    await expect(notice).toContainText('Currency removed');
    await expect(page.getByText('No other currencies yet.')).toBeVisible();
    expect((await getEvent(request, event.id)).currency_rates).toEqual([]);
  });
});

test('a refused change of the rates says so and keeps the list as it was', {
  tag: '@any-width',
}, async ({ page, request }) => {
  const event = await createEvent(request, {
    name: 'Offline rates',
    currency: 'EUR',
    people: ['Ana'],
    rates: [{ currency_id: 'USD', exchange_rate: 0.92 }],
  });
  await page.goto(`/event/${event.id}/settings`);
  await expect(page.getByRole('list', { name: 'Currencies of the event' })).toContainText('USD');
  // The server refuses (a network failure would queue the change instead: offline mode).
  await page.route(`**/api/events/${event.id}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 422,
          json: { message: 'The rates are invalid.', errors: { currency_rates: ['Invalid.'] } },
        })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Remove USD' }).click();
  await expect(page.getByRole('alert')).toContainText('Error removing currency');
  await expect(page.getByRole('list', { name: 'Currencies of the event' })).toContainText('USD');
});

test('the invite shows the link, copies it and draws it as a QR code', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const event = await createEvent(request, { name: 'Flat', currency: 'EUR', people: ['Ana'] });
  const home = new EventHomePage(page);
  await home.goto(event.id);
  await home.chooseMe('Ana');
  await page.getByRole('link', { name: 'Invite' }).click();
  const link = page.getByRole('textbox', { name: 'Event link' });
  await expect(link).toHaveValue(new RegExp(`/event/${event.id}/home$`));
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('alert')).toContainText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
  const qr = page.getByRole('img', { name: 'QR code of the link to Flat' });
  await expect(qr).toBeVisible();

  // Opened at #invite, its heading sits below the title bar; the code is in the middle of its card.
  const invite = page.getByRole('region', { name: 'Invite' });
  const heading = invite.getByRole('heading', { name: 'Invite' });
  await expect
    .poll(async () => {
      const bar = await page.getByRole('banner').boundingBox();
      const top = await heading.boundingBox();
      return bar && top ? top.y >= bar.y + bar.height : false;
    })
    .toBe(true);
  const card = await invite.boundingBox();
  const code = await qr.boundingBox();
  if (!card || !code) throw new Error('the invite card or its QR code is not drawn');
  const left = code.x - card.x;
  const right = card.x + card.width - (code.x + code.width);
  expect(Math.abs(left - right)).toBeLessThan(2);
});

test('leaving an event forgets it on this device only', { tag: '@any-width' }, async ({
  page,
  request,
}) => {
  const event = await createEvent(request, { name: 'Ski week', currency: 'EUR', people: ['Ana'] });
  await addEvenExpense(request, event, {
    title: 'Pass',
    amount: 1000,
    payer: 'Ana',
    among: ['Ana'],
  });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  await page.goto(`/event/${event.id}/settings`);
  await expect(page.getByText('On this device you are Ana.')).toBeVisible();
  await page.getByRole('button', { name: 'Leave this event on this device' }).click();
  await page
    .getByRole('dialog', { name: 'Leave “Ski week”?' })
    .getByRole('button', { name: 'Leave this event on this device' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert')).toContainText('You left “Ski week” on this device');
  const events = (await readStorage(page, 'events')) as { id: string }[];
  expect(events.map((known) => known.id)).not.toContain(event.id);
  expect(await readStorage(page, 'activeEventId')).toBeNull();
  // The others keep it.
  expect((await getEvent(request, event.id)).expenditures).toHaveLength(1);
});

test('changing who I am from settings', { tag: '@any-width' }, async ({ page, request }) => {
  const event = await createEvent(request, {
    name: 'Dinner',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  await page.goto(`/event/${event.id}/settings`);
  await page.getByRole('button', { name: 'Change who I am' }).click();
  await page
    .getByRole('dialog', { name: 'Who are you?' })
    .getByRole('button', { name: 'Ben' })
    .click();
  await expect(page.getByText('On this device you are Ben.')).toBeVisible();
  expect(await readStorage(page, 'whoami')).toEqual([
    { id: person(event, 'Ben').id, event_id: event.id },
  ]);
});
