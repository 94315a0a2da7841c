import { expect, type Page, test } from '@playwright/test';
import { createEvent, getEvent, person } from './support/api';
import { typeDate } from './support/date-field';
import { text } from './support/locale-texts';
import { capture, speak } from './support/screens';
import { presetWhoAmI } from './support/storage';

/** The calendar's weekday headers, from the first column: their full names. */
async function weekdays(page: Page): Promise<string[]> {
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  return grid
    .getByRole('columnheader')
    .evaluateAll((cells) =>
      cells.map((cell) => cell.getAttribute('aria-label') ?? cell.textContent ?? ''),
    );
}

test.describe('in German, on a browser that speaks British English', () => {
  test('the expense date reads dd.mm.yyyy, a typed German date saves its ISO day, the week starts on Monday', async ({
    page,
    request,
  }) => {
    const event = await createEvent(request, {
      name: 'Berlin',
      currency: 'EUR',
      people: ['Ana', 'Ben'],
    });
    await presetWhoAmI(page, event.id, person(event, 'Ana').id);
    await speak(page, 'de');
    await page.goto(`/event/expense/${event.id}/new`);

    const date = page.getByRole('textbox', { name: text('de', 'expense.date') });
    await expect(date).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/);
    await typeDate(date, '15032026');
    await expect(date).toHaveValue('15.03.2026');

    const calendar = page.getByRole('button', { name: /Datum auswählen|Kalender/ });
    await calendar.click();
    expect(await weekdays(page)).toEqual([
      'Montag',
      'Dienstag',
      'Mittwoch',
      'Donnerstag',
      'Freitag',
      'Samstag',
      'Sonntag',
    ]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('grid')).toBeHidden();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await calendar.click();
      await expect(page.getByRole('grid')).toBeVisible();
      await capture(page, 'date-picker-de', scheme, false);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('grid')).toBeHidden();
    }

    await page.getByLabel(text('de', 'expense.title')).fill('Museum');
    await page
      .getByRole('textbox', { name: text('de', 'expense.amount'), exact: true })
      .fill('12,00');
    await page.getByRole('button', { name: text('de', 'expense.save') }).click();
    await expect(page).toHaveURL(/\/home$/);
    const saved = (await getEvent(request, event.id)).expenditures.find(
      (e) => e.title === 'Museum',
    );
    expect(saved?.date).toBe('2026-03-15');
  });
});

test.describe('in English, on a browser in the United States', () => {
  test.use({ locale: 'en-US' });

  test('the payment date reads mm/dd/yyyy and the week starts on Sunday', async ({
    page,
    request,
  }) => {
    const event = await createEvent(request, {
      name: 'Boston',
      currency: 'USD',
      people: ['Ana', 'Ben'],
    });
    await presetWhoAmI(page, event.id, person(event, 'Ana').id);
    await speak(page, 'en');
    await page.goto(`/event/payment/${event.id}/new`);
    const date = page.getByRole('textbox', { name: 'Date' });
    await typeDate(date, '03152026');
    await expect(date).toHaveValue('03/15/2026');
    await page.getByRole('button', { name: /Choose date/ }).click();
    expect((await weekdays(page))[0]).toBe('Sunday');
  });
});
