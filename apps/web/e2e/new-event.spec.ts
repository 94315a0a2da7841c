import { expect, test } from '@playwright/test';
import { NewEventPage } from './pages/new-event-page';

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
