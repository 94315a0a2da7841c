import { expect, test } from '@playwright/test';
import {
  addEvenExpense,
  createEvent,
  getBalances,
  getEvent,
  person,
  renamePerson,
} from './support/api';
import { presetWhoAmI } from './support/storage';

test('people are added, renamed, and removed only when nothing names them', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Flat',
    currency: 'EUR',
    people: ['Ana', 'Ben'],
  });
  await addEvenExpense(request, event, {
    title: 'Rent',
    amount: 100000,
    payer: 'Ana',
    among: ['Ana', 'Ben'],
  });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  await page.goto(`/event/${event.id}/home`);
  await page.getByRole('link', { name: 'People' }).click();
  const list = page.getByRole('list', { name: 'People' });
  await expect(list).toContainText('Ana (you)');

  await test.step('an empty name is refused; Chloé is added', async () => {
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Please fill out to continue')).toBeVisible();
    await page.getByRole('textbox', { name: 'New person’s name' }).fill('Chloé');
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('alert')).toContainText('Chloé was added');
    await expect(list.getByRole('listitem')).toHaveCount(3);
  });

  await test.step('Chloé is renamed Cleo', async () => {
    await page.getByRole('button', { name: 'Edit Chloé' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Chloé' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Cleo');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(list).toContainText('Cleo');
  });

  await test.step('Ben, who shares the rent, cannot be removed; Cleo can', async () => {
    await page.getByRole('button', { name: 'Edit Ben' }).click();
    const ben = page.getByRole('dialog', { name: 'Edit Ben' });
    await ben.getByRole('button', { name: 'Remove' }).click();
    await expect(ben).toContainText('Ben appears in expenses or payments');
    await ben.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Edit Cleo' }).click();
    await page
      .getByRole('dialog', { name: 'Edit Cleo' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    expect((await getEvent(request, event.id)).users.map((user) => user.name)).toEqual([
      'Ana',
      'Ben',
    ]);
  });
});

test('a person’s balance view lists their transactions and settles with “Record this payment”', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, {
    name: 'Lisbon trip',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
  });
  const everyone = ['Ana', 'Ben', 'Chloé'];
  await addEvenExpense(request, event, {
    title: 'Dinner',
    amount: 9000,
    payer: 'Ana',
    among: everyone,
  });
  await addEvenExpense(request, event, {
    title: 'Taxi',
    amount: 3000,
    payer: 'Ben',
    among: everyone,
  });
  await presetWhoAmI(page, event.id, person(event, 'Chloé').id);
  await page.goto(`/event/${event.id}/people`);
  await page.getByRole('link', { name: /Chloé/ }).click();

  // Ana paid 90 and Ben 30, split three ways: Ana +50, Ben −10, Chloé −40.
  await expect(page.getByText('Balance of Chloé').locator('..')).toContainText('-€40.00');
  const transactions = page.getByRole('list', { name: 'Transactions' });
  await expect(transactions.getByRole('link')).toHaveCount(2);
  await expect(transactions.getByRole('link', { name: /Dinner/ })).toContainText('-€30.00');
  await expect(transactions.getByRole('link', { name: /Taxi/ })).toContainText('-€10.00');

  await test.step('"Record this payment" (deposit) opens a payment to the creditor, filled in', async () => {
    const toAna = page.getByRole('listitem').filter({ hasText: 'Chloé pays Ana' });
    const record = toAna.getByRole('link', { name: 'Record this payment' });
    // Said with its row to whoever hears the button alone, and a finger's size to tap.
    await expect(record).toHaveAccessibleDescription(/Chloé pays Ana/);
    expect((await record.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await record.click();
    await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('40.00');
    await expect(page.getByRole('combobox', { name: 'To' })).toContainText('Ana');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toContainText('Payment recorded');
    const rows = (await getBalances(request, event.id)).balances;
    expect(rows.find((row) => row.user_id === person(event, 'Chloé').id)?.balance).toBe(0);
  });
});

test('renaming someone another device renamed meanwhile asks which name to keep, and both choices work', {
  tag: '@any-width',
}, async ({ page, request }) => {
  const event = await createEvent(request, {
    name: 'Flat',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé', 'Dan'],
  });
  const ben = person(event, 'Ben').id;
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  await page.goto(`/event/${event.id}/people`);
  const list = page.getByRole('list', { name: 'People' });
  await expect(list).toContainText('Ana (you)');

  for (const [name, theirs, mine, keep] of [
    ['Chloé', 'Chloe', 'Cleo', 'Keep mine'],
    ['Dan', 'Daniel', 'Danny', 'Keep theirs'],
  ] as const) {
    await test.step(`${name}: ${keep}`, async () => {
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
      // Ben renames them while the dialog is open.
      await renamePerson(request, event.id, person(event, name).id, theirs, ben);
      await dialog.getByRole('textbox', { name: 'Name' }).fill(mine);
      await dialog.getByRole('button', { name: 'Save' }).click();
      const choice = dialog.getByRole('group', { name: 'Changed on another device meanwhile' });
      await expect(choice).toContainText(`yours “${mine}”, Ben’s “${theirs}”`);
      await choice.getByRole('button', { name: keep }).click();
      await expect(dialog).toBeHidden();
      const kept = keep === 'Keep mine' ? mine : theirs;
      await expect(list).toContainText(kept);
      const names = (await getEvent(request, event.id)).users.map((user) => user.name);
      expect(names).toContain(kept);
    });
  }
});
