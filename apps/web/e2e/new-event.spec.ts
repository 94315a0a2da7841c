import { expect, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { ExpenseFormPage } from './pages/expense-form-page';
import { NewEventPage } from './pages/new-event-page';
import { getEvent, person } from './support/api';
import { capture } from './support/screens';
import { readStorage } from './support/storage';

test('an event without a name says "Please fill out to continue" and stays on the form', async ({
  page,
}) => {
  const form = new NewEventPage(page);
  await form.goto();
  await form.fillPeople(['Ana', 'Ben']);
  await form.create.click();

  await expect(page.getByText('Please fill out to continue')).toBeVisible();
  await expect(form.name).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/new-event$/);
  // Nothing typed is lost.
  await expect(form.person(1)).toHaveValue('Ana');
  await expect(form.person(2)).toHaveValue('Ben');

  // A name made of spaces is no name either.
  await form.name.fill('   ');
  await form.create.click();
  await expect(page.getByText('Please fill out to continue')).toBeVisible();
  await expect(page).toHaveURL(/\/new-event$/);
});

test('an event without people asks for at least one person', async ({ page }) => {
  const form = new NewEventPage(page);
  await form.goto();
  await form.name.fill('Lisbon trip');
  await form.create.click();
  await expect(page.getByText('Add at least one person.')).toBeVisible();
  await expect(page).toHaveURL(/\/new-event$/);
  await expect(form.name).toHaveValue('Lisbon trip');
});

test('the creator says which of the people they are: the event and its first changes carry their name', async ({
  page,
  request,
}) => {
  const form = new NewEventPage(page);
  await form.goto();
  await form.name.fill('Lisbon trip');
  await form.fillPeople(['Ana', 'Ben']);
  const whoAmI = page.getByRole('radiogroup', { name: 'Which of these is you?' });
  await expect(whoAmI).toBeVisible();
  // Optional: "later" is chosen until the creator picks a name.
  await expect(whoAmI.getByRole('radio', { name: 'Later' })).toBeChecked();
  await whoAmI.getByRole('radio', { name: 'Ana', exact: true }).check();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await capture(page, 'new-event-creator', scheme);
  }
  await form.create.click();

  const home = new EventHomePage(page);
  await expect(page).toHaveURL(/\/home$/);
  // The home asks nothing: this device is Ana already, and her balance shows.
  await expect(home.yourBalance).toBeVisible();
  await expect(home.whoAmIQuestion).toBeHidden();
  await expect(page.getByRole('list', { name: 'Recent activity' })).toContainText(
    'Ana created the event',
  );
  const event = await getEvent(request, home.eventId());
  const ana = person(event, 'Ana').id;
  expect(await readStorage(page, 'whoami')).toEqual([{ id: ana, event_id: event.id }]);

  // The first expense, from this device, is Ana's too.
  await page.getByRole('link', { name: 'Add expense' }).click();
  const expense = new ExpenseFormPage(page);
  await expense.title.fill('Dinner');
  await expense.amount.fill('30');
  await expense.save.click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/event/${event.id}/history`);
  await expect(page.getByText('Ana added “Dinner”')).toBeVisible();
  await expect(page.getByText(/Someone/)).toHaveCount(0);
});

test('Enter goes on to the next person, adding one after the last, and "Add a person" puts the cursor in the new row @any-width', async ({
  page,
}) => {
  const form = new NewEventPage(page);
  await form.goto();
  await form.name.fill('Ski week');
  await form.person(1).fill('Ana');
  await form.person(1).press('Enter');
  await expect(form.person(2)).toBeFocused();
  for (const [index, name] of ['Ben', 'Chloé'].entries()) {
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await expect(form.person(index + 3)).toBeFocused();
  }
  await expect(page).toHaveURL(/\/new-event$/);
  await form.addPerson.click();
  await expect(form.person(5)).toBeFocused();
});
