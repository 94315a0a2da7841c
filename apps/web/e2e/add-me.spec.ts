import { expect, test } from '@playwright/test';
import { createEvent, getEvent } from './support/api';
import { text } from './support/locale-texts';
import { expectNoSidewaysScroll } from './support/screens';

/**
 * Someone the link reached who is not among the event's people: "Who are you?" lets them add
 * themself, and this device is that person from then on. English, and German's longest words.
 */
for (const language of ['en', 'de']) {
  test(`"I’m not on the list" adds the person and makes this device them, in ${language}`, async ({
    page,
    request,
  }) => {
    const event = await createEvent(request, {
      name: 'Ski week',
      currency: 'EUR',
      people: ['Ana', 'Ben'],
    });
    await page.addInitScript((saved) => localStorage.setItem('locale', saved), language);
    await page.goto(`/event/${event.id}/home`);
    const question = page.getByRole('region', { name: text(language, 'whoami.title') });
    await expect(question).toBeVisible();

    await question.getByRole('button', { name: text(language, 'whoami.notListed') }).click();
    const name = question.getByRole('textbox', { name: text(language, 'whoami.yourName') });
    await expect(name).toBeFocused();
    const addMe = question.getByRole('button', { name: text(language, 'whoami.addMe') });
    expect((await addMe.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await expectNoSidewaysScroll(page, `"Who are you?" with its name field in ${language}`);

    // Nothing typed: said under the field, nobody added.
    await addMe.click();
    await expect(question.getByText(text(language, 'validation.required'))).toBeVisible();

    await name.fill('Chloé');
    await addMe.click();
    await expect(page.getByRole('alert')).toContainText(
      text(language, 'whoami.added', { name: 'Chloé' }),
    );
    await expect(question).toBeHidden();
    const saved = await getEvent(request, event.id);
    const chloe = saved.users.find((user) => user.name === 'Chloé');
    expect(chloe).toBeDefined();

    // This device is Chloé now, also after a reload.
    await page.reload();
    await expect(
      page.getByText(text(language, 'event.yourBalance'), { exact: true }),
    ).toBeVisible();
    await expect(question).toBeHidden();
    const whoAmI = await page.evaluate(() => localStorage.getItem('whoami'));
    expect(whoAmI).toContain(chloe?.id ?? 'none');
  });
}
