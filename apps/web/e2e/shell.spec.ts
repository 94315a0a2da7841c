import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { EventHomePage } from './pages/event-home-page';
import { createEvent, person } from './support/api';
import { presetWhoAmI, readStorage, readStorageText } from './support/storage';

// The theme's page backgrounds (apps/web/src/app/theme.ts) as the browser reports them.
const LIGHT_BACKGROUND = 'rgb(246, 248, 247)';
const DARK_BACKGROUND = 'rgb(15, 20, 18)';

test('dark mode chosen in the drawer is kept after a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const shell = new AppShell(page);
  await page.goto('/');
  await expect.poll(() => shell.backgroundColour()).toBe(LIGHT_BACKGROUND);

  await shell.openDrawer();
  await expect(shell.darkMode).not.toBeChecked();
  await shell.darkMode.click();
  await expect(shell.darkMode).toBeChecked();
  await expect.poll(() => shell.backgroundColour()).toBe(DARK_BACKGROUND);
  expect(await readStorageText(page, 'theme')).toBe('dark');

  // The saved choice wins over the system's light preference.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your recent events' })).toBeVisible();
  expect(await shell.backgroundColour()).toBe(DARK_BACKGROUND);
  expect(await readStorageText(page, 'theme')).toBe('dark');
  await shell.openDrawer();
  await expect(shell.darkMode).toBeChecked();
});

test('without a saved choice the theme follows the system, and light can be chosen over dark', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const shell = new AppShell(page);
  await page.goto('/');
  await expect.poll(() => shell.backgroundColour()).toBe(DARK_BACKGROUND);
  expect(await readStorage(page, 'theme')).toBeNull();

  await shell.openDrawer();
  await expect(shell.darkMode).toBeChecked();
  await shell.darkMode.click();
  await expect.poll(() => shell.backgroundColour()).toBe(LIGHT_BACKGROUND);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your recent events' })).toBeVisible();
  expect(await shell.backgroundColour()).toBe(LIGHT_BACKGROUND);
  expect(await readStorageText(page, 'theme')).toBe('light');
});

test('/last-event opens the home of the event used last', { tag: '@any-width' }, async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Flat in Berlin',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await presetWhoAmI(page, event.id, person(event, 'Ben').id);
  const home = new EventHomePage(page);
  await home.goto(event.id);
  await expect(page.getByRole('banner')).toContainText('Flat in Berlin');
  // Kept by the app once it runs: the banner above may still be the server's rendered page.
  await expect.poll(() => readStorage(page, 'activeEventId')).toBe(event.id);

  await page.goto('/');
  await page.goto('/last-event');
  await expect(page).toHaveURL(new RegExp(`/event/${event.id}/home$`));
  await expect(page.getByRole('banner')).toContainText('Flat in Berlin');
  await expect(home.balanceOf('Ben')).toBeVisible();
});

test('/last-event on a device that knows no event goes to the start page', {
  tag: '@any-width',
}, async ({ page }) => {
  await page.goto('/last-event');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Create an event' })).toBeVisible();
});

test('an unknown address shows "Page not found" with a way back to the start', {
  tag: '@any-width',
}, async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 2 })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Quits');
  await page.getByRole('link', { name: 'Go to the start page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Create an event' })).toBeVisible();
});

test('an event this device opened is listed on the start page and in the drawer', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Lisbon trip',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
  });
  const home = new EventHomePage(page);
  await home.goto(event.id);
  await home.chooseMe('Chloé');

  await page.goto('/');
  const recent = page.getByRole('main').getByRole('link').filter({ hasText: 'Lisbon trip' });
  await expect(recent).toContainText('Ana, Ben, Chloé');

  const shell = new AppShell(page);
  await shell.openDrawer();
  await expect(page.getByRole('list', { name: 'Your events' })).toContainText('Lisbon trip');
  await page.keyboard.press('Escape');

  await recent.click();
  await expect(page).toHaveURL(new RegExp(`/event/${event.id}/home$`));
  // Who I am was remembered: no question this time, and my row comes first.
  await expect(home.balances.getByRole('listitem').first()).toContainText('Chloé');
  await expect(home.whoAmIQuestion).toBeHidden();
});

test('the start page opens an event by its link, and says what is wrong with an empty or foreign one', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, { name: 'Flat', currency: 'EUR', people: ['Ana'] });
  await page.goto('/');
  const link = page.getByRole('textbox', { name: 'Event link' });
  const open = page.getByRole('button', { name: 'Open', exact: true });
  await open.click();
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText("Paste an event's link here first, as someone in the event shared it."),
  ).toBeVisible();
  await link.fill('https://example.com/not/an/event');
  await expect(link).toHaveAttribute('aria-invalid', 'false');
  await open.click();
  await expect(page.getByText('This is not a Quits event link.')).toBeVisible();
  await link.fill(`https://quits.example/event/${event.id}/home`);
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/event/${event.id}/home$`));
  await expect(new EventHomePage(page).whoAmIQuestion).toBeVisible();
});
