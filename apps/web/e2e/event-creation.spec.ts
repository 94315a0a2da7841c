import { expect, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { NewEventPage } from './pages/new-event-page';
import { INSTANCES_NEED, instancesAvailable, startInstances } from './support/instances';
import { text } from './support/locale-texts';

/**
 * A server kept to its owners (EVENT_CREATION): the real server with the setting, on its own
 * database, refuses what the app is asked to create, and the app says why in words.
 */
test.skip(!instancesAvailable(), INSTANCES_NEED);

const PASSWORD = 'Garten-Schlüssel 42';

test('a server with a password asks for it under its field, refuses a wrong one and keeps the right one', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const servers = await startInstances(1, {
    EVENT_CREATION: 'password',
    EVENT_CREATION_PASSWORD: PASSWORD,
  });
  try {
    const context = await browser.newContext({ baseURL: servers.instances[0]?.baseURL });
    const page = await context.newPage();
    const form = new NewEventPage(page);
    const password = page.getByLabel(text('en', 'newEvent.creationPassword'));
    await form.goto();
    await expect(password).toBeVisible();
    await expect(page.getByText(text('en', 'newEvent.creationPasswordHelp'))).toBeVisible();
    await form.name.fill('Allotment');
    await form.fillPeople(['Ana', 'Ben']);

    // Sent without it: the form's own word, nothing sent.
    await form.create.click();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(text('en', 'validation.required'))).toBeVisible();

    // A wrong one: the server's refusal, under the field and above the button.
    await password.fill('Garten');
    await form.create.click();
    await expect(
      page.getByText(text('en', 'serverMessage.event_creation_password_wrong')),
    ).toBeVisible();
    await expect(page.getByText(text('en', 'serverMessage.event_creation_password'))).toBeVisible();

    await password.fill(PASSWORD);
    await form.create.click();
    const home = new EventHomePage(page);
    await expect(page).toHaveURL(/\/event\/[\w-]+\/home$/);
    await expect(page).toHaveTitle(/Allotment/);
    await expect(home.whoAmIQuestion).toBeVisible();

    // The next event on this device: the password is filled in, and it is created at once.
    await form.goto();
    await expect(password).toHaveValue(PASSWORD);
    await form.name.fill('Garden tools');
    await form.fillPeople(['Ana']);
    await form.create.click();
    await expect(page).toHaveTitle(/Garden tools/);
    await expect(home.whoAmIQuestion).toBeVisible();
    await context.close();
  } finally {
    await servers.stopAll();
  }
});

test('a server closed to new events says so on the new-event and import pages', {
  tag: '@any-width',
}, async ({ browser }) => {
  test.setTimeout(120_000);
  const servers = await startInstances(1, { EVENT_CREATION: 'closed' });
  try {
    const context = await browser.newContext({ baseURL: servers.instances[0]?.baseURL });
    const page = await context.newPage();
    const closed = page.getByText(text('en', 'newEvent.closed'));
    await page.goto('/new-event');
    await expect(closed).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create event' })).toHaveCount(0);
    await page.goto('/import');
    await expect(closed).toBeVisible();
    await expect(page.getByRole('button', { name: text('en', 'transfer.chooseFile') })).toHaveCount(
      0,
    );
    await context.close();
  } finally {
    await servers.stopAll();
  }
});
