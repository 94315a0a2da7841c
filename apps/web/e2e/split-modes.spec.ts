import { expect, test } from '@playwright/test';
import { createEvent, person } from './support/api';
import { text, WALKED_LANGUAGES } from './support/locale-texts';
import { capture, expectNoSidewaysScroll, speak } from './support/screens';
import { presetWhoAmI } from './support/storage';

for (const language of WALKED_LANGUAGES) {
  test(`the split modes sit on one row or in a select in ${language}, never over two rows`, async ({
    page,
    request,
  }, testInfo) => {
    const event = await createEvent(request, {
      name: 'Lisboa',
      currency: 'EUR',
      people: ['Ana', 'Bruno', 'Chloé'],
    });
    await presetWhoAmI(page, event.id, person(event, 'Ana').id);
    await speak(page, language);
    await page.goto(`/event/expense/${event.id}/new`);
    const label = text(language, 'expense.splitMode');
    const buttons = page.getByRole('group', { name: label });
    const select = page.getByRole('combobox', { name: label });
    const exact = text(language, 'expense.mode.exact');

    // 360 px is too narrow for the five buttons in any language, and the desktop form (about
    // 640 px) too narrow for them in the longest ones: a select then holds the modes.
    await expect(buttons.or(select)).toBeVisible();
    if (testInfo.project.name === 'phone' || (await select.isVisible())) {
      await expect(buttons).toBeHidden();
      await expect(select).toBeVisible();
      await select.selectOption({ label: exact });
      await expect(select).toHaveValue('exact');
    } else {
      await expect(select).toBeHidden();
      await expect(buttons).toBeVisible();
      const tops = await buttons
        .getByRole('button')
        .evaluateAll((all) => all.map((button) => Math.round(button.getBoundingClientRect().top)));
      expect(tops, 'the buttons’ rows').toHaveLength(5);
      expect(new Set(tops).size, 'the buttons’ rows').toBe(1);
      await buttons.getByRole('button', { name: exact, exact: true }).click();
      await expect(buttons.getByRole('button', { name: exact, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    }
    await expectNoSidewaysScroll(page, 'expense form');
    if (['de', 'vi'].includes(language)) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await capture(page, `split-modes-${language}`, scheme);
      }
    }
  });
}
