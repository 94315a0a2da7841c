import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { ClientConfig } from '@quits/contract';
import { addEvenExpense, createEvent } from './support/api';
import { englishOn, LANGUAGES, text, WALKED_LANGUAGES } from './support/locale-texts';
import { readStorageText } from './support/storage';

/**
 * The event home on a phone in each walked language goes to the test output; with
 * UPDATE_SCREENSHOTS=1 those of de and vi (docs/I18N.md shows them) go to docs/screenshots/
 * instead (rtl.spec.ts takes Arabic's).
 */
function screenshotPath(language: string): string {
  const docs = process.env.UPDATE_SCREENSHOTS && ['de', 'vi'].includes(language);
  const folder = docs ? '../../../docs/screenshots/' : '../../../test-results/screenshots/';
  return fileURLToPath(new URL(`${folder}event-home-${language}.png`, import.meta.url));
}

interface Formats {
  /** Ana's balance, 2469.12 €. */
  balance: string;
  /** The dinner, 3703.68 €, as shown and as its amount field holds it. */
  dinner: string;
  field: string;
  /** 12.50 as a person of the language types it. */
  typed: string;
  /** The expense's day, 20 November 2026. */
  date: string;
  /** The euro's name, as the currency picker shows it. */
  euro: string;
}

/** How each language writes money and dates; a space stands for any space Intl puts there. */
const FORMATS: Record<string, Formats> = {
  en: {
    balance: '€2,469.12',
    dinner: '€3,703.68',
    field: '3703.68',
    typed: '12.50',
    date: '20/11/2026',
    euro: 'Euro',
  },
  de: {
    balance: '2.469,12 €',
    dinner: '3.703,68 €',
    field: '3703,68',
    typed: '12,50',
    date: '20.11.2026',
    euro: 'Euro',
  },
  fr: {
    balance: '2 469,12 €',
    dinner: '3 703,68 €',
    field: '3703,68',
    typed: '12,50',
    date: '20/11/2026',
    euro: 'euro',
  },
  es: {
    balance: '2469,12 €',
    dinner: '3703,68 €',
    field: '3703,68',
    typed: '12,50',
    date: '20/11/2026',
    euro: 'euro',
  },
  it: {
    balance: '2469,12 €',
    dinner: '3703,68 €',
    field: '3703,68',
    typed: '12,50',
    date: '20/11/2026',
    euro: 'euro',
  },
  zh: {
    balance: '€2,469.12',
    dinner: '€3,703.68',
    field: '3703.68',
    typed: '12.50',
    date: '2026/11/20',
    euro: '欧元',
  },
  vi: {
    balance: '2.469,12 €',
    dinner: '3.703,68 €',
    field: '3703,68',
    typed: '12,50',
    date: '20/11/2026',
    euro: 'Euro',
  },
  // Digits 0–9 (lib/locale.ts); Intl marks the date's parts right to left (U+200F).
  ar: {
    balance: '2,469.12 €',
    dinner: '3,703.68 €',
    field: '3703.68',
    typed: '12.50',
    date: '20\u200f/11\u200f/2026',
    euro: 'يورو',
  },
};

/** Chooses `language` in the drawer's picker, which the drawer labels in `current`. */
async function chooseLanguage(page: Page, current: string, language: string): Promise<void> {
  const menu = page.getByRole('button', { name: text(current, 'nav.openMenu') });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('combobox', { name: text(current, 'nav.language') }).selectOption(language);
  // At once, without a reload: the picker names itself in the new language.
  await expect(page.getByRole('combobox', { name: text(language, 'nav.language') })).toBeVisible();
  if (await menu.isVisible()) return;
  await page.keyboard.press('Escape');
}

test('every language names the start page in its own words and direction, on one page @any-width', async ({
  page,
}) => {
  // Two to three seconds a language, against the 25 whole walks it replaces.
  test.setTimeout(150_000);
  await page.addInitScript(() => {
    if (localStorage.getItem('locale') === null) localStorage.setItem('locale', 'en');
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: text('en', 'home.title') })).toBeVisible();
  let current = 'en';
  for (const language of LANGUAGES.filter((code) => code !== 'en')) {
    await chooseLanguage(page, current, language);
    current = language;
    await expect(page.getByRole('heading', { name: text(language, 'home.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const rtl = ['ar', 'he'].includes(language);
    await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');
    expect(await englishOn(page, language), `English on the start page in ${language}`).toEqual([]);
    await expectNoSidewaysScroll(page, `start page in ${language}`);
  }
});

for (const language of WALKED_LANGUAGES) {
  test(`the key screens show no English in ${language}, and the choice is remembered`, async ({
    page,
    request,
  }, testInfo) => {
    const formats = FORMATS[language];
    if (!formats) throw new Error(`FORMATS has no ${language}: say how it writes money and dates`);
    const people = ['Ana', 'Bruno', 'Chloé'];
    const event = await createEvent(request, { name: 'Lisboa', currency: 'EUR', people });
    await addEvenExpense(request, event, {
      title: 'Bacalhau',
      amount: 370368,
      payer: 'Ana',
      among: people,
    });
    const phone = testInfo.project.name === 'phone';
    const noEnglish = async (screen: string) => {
      expect(await englishOn(page, language), `English on the ${screen}`).toEqual([]);
      if (phone) await expectNoSidewaysScroll(page, screen);
    };
    // The browser speaks en-GB; English itself is chosen coming from Vietnamese.
    const first = language === 'en' ? 'vi' : 'en';
    await page.addInitScript((saved) => {
      if (localStorage.getItem('locale') === null) localStorage.setItem('locale', saved);
    }, first);

    await test.step('the drawer switches at once; a reload keeps it and fetches its texts alone', async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: text(first, 'home.title') })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', first);
      await chooseLanguage(page, first, language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { name: text(language, 'home.title') })).toBeVisible();
      // Built as /assets/{language}-{hash}.js from src/locales/{language}.json.
      const localeFile = new RegExp(`^/assets/(${LANGUAGES.join('|')})-[\\w-]+\\.js$`);
      const fetched = new Set<string>();
      page.on('request', (sent) => {
        const match = localeFile.exec(new URL(sent.url()).pathname);
        if (match?.[1]) fetched.add(match[1]);
      });
      await page.reload();
      await expect(page.getByRole('heading', { name: text(language, 'home.title') })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      expect(await readStorageText(page, 'locale')).toBe(language);
      expect([...fetched], 'the texts downloaded').toEqual([language]);
    });

    await test.step('start page', async () => {
      await expect(page.getByRole('heading', { name: text(language, 'home.title') })).toBeVisible();
      await noEnglish('start page');
    });

    if (language !== 'en') {
      await test.step('the check sees English text and labels when there are some', async () => {
        await page.evaluate(
          ([plain, label]) => {
            const probe = document.createElement('p');
            probe.id = 'english-probe';
            probe.textContent = plain ?? '';
            probe.setAttribute('aria-label', label ?? '');
            document.body.append(probe);
          },
          [text('en', 'expense.add'), text('en', 'people.removed', { name: 'Bruno' })],
        );
        expect(await englishOn(page, language)).toEqual(
          expect.arrayContaining([
            `"${text('en', 'expense.add')}" (expense.add)`,
            `"${text('en', 'people.removed', { name: 'Bruno' })}" (people.removed)`,
          ]),
        );
        await page.evaluate(() => document.getElementById('english-probe')?.remove());
      });
    }

    await test.step('new event form', async () => {
      await page.goto('/new-event');
      await expect(
        page.getByRole('button', { name: text(language, 'newEvent.create') }),
      ).toBeVisible();
      await expect(
        page.getByRole('combobox', { name: text(language, 'newEvent.currency') }),
      ).toHaveValue(`EUR — ${formats.euro}`);
      await noEnglish('new event form');
    });

    await test.step('event home: who am I, then balances, money and dates', async () => {
      await page.goto(`/event/${event.id}/home`);
      const whoAmI = page.getByRole('region', { name: text(language, 'whoami.title') });
      await expect(whoAmI).toBeVisible();
      await noEnglish('who-am-I question');
      await whoAmI.getByRole('button', { name: 'Ana', exact: true }).click();
      await expect(whoAmI).toBeHidden();
      if (await notificationsOffered(page, request)) {
        // Offered once, right after "who am I", in the language too; "Not now" declines it.
        const offer = page.getByRole('region', { name: text(language, 'push.title') });
        await expect(offer).toContainText(text(language, 'push.offer'));
        await noEnglish('notifications offer');
        await offer.getByRole('button', { name: text(language, 'push.notNow') }).click();
        await expect(offer).toBeHidden();
      }
      const balance = page.getByText(text(language, 'event.yourBalance'), { exact: true });
      await expect(balance.locator('..')).toContainText(formats.balance);
      const recent = page.getByRole('region', { name: text(language, 'event.recent') });
      await expect(recent).toContainText(formats.dinner);
      await expect(recent).toContainText(formats.date);
      const activity = page.getByRole('list', { name: text(language, 'activity.title') });
      await expect(activity).toContainText('Bacalhau');
      await noEnglish('event home');
      if (phone) {
        await page.screenshot({
          path: screenshotPath(language),
          fullPage: true,
          animations: 'disabled',
          caret: 'hide',
        });
      }
    });

    await test.step('expense form: the amount in the language’s own way, saved as typed', async () => {
      await page.getByRole('link', { name: /Bacalhau/ }).click();
      const amount = page.getByRole('textbox', {
        name: text(language, 'expense.amount'),
        exact: true,
      });
      await expect(page.getByLabel(text(language, 'expense.title'))).toHaveValue('Bacalhau');
      await expect(amount).toHaveValue(formats.field);
      await noEnglish('expense form');
      await amount.fill(formats.typed);
      await page.getByRole('button', { name: text(language, 'expense.save') }).click();
      await expect(page.getByRole('alert')).toContainText(text(language, 'expense.saved'));
      await noEnglish('event home after saving');
      const recent = page.getByRole('region', { name: text(language, 'event.recent') });
      await expect(recent).toContainText(formats.typed);
    });

    await test.step('settings', async () => {
      await page.goto(`/event/${event.id}/settings`);
      await expect(
        page.getByRole('img', { name: text(language, 'share.qr', { name: 'Lisboa' }) }),
      ).toBeVisible();
      await noEnglish('settings');
    });
  });
}

/** Fails when the page is wider than the window: nothing may scroll sideways at 360 px. */
async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `pixels the ${screen} is wider than the window`).toBeLessThanOrEqual(0);
}

/** Whether the app offers notifications after "who am I": the server sends push, and the browser can. */
async function notificationsOffered(page: Page, request: APIRequestContext): Promise<boolean> {
  const config = (await (await request.get('/api/config')).json()) as { data: ClientConfig };
  const undecided = await page.evaluate(
    () =>
      'Notification' in window && 'PushManager' in window && Notification.permission === 'default',
  );
  return config.data.push !== null && undecided;
}
