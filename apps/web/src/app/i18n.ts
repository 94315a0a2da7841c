import { directionOf } from '@quits/contract/language-direction';
import { mirrorLocale } from '@web/lib/choice-cookies';
import { isString, readStored, STORAGE_KEYS, writeStored } from '@web/lib/storage';
import { INTERPOLATION } from '@web/lib/text-isolation';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { prepareDirection } from './emotion-caches';
import { chooseLanguage } from './language-choice';
import type { Texts, TextsPart } from './text-parts';

type TextsModule = { default: Texts };
/** Each language's two parts (build/locale-parts.ts), by source path, loaded on demand. */
const firstParts = import.meta.glob<TextsModule>('../locales/*.json', { query: { part: 'first' } });
const laterParts = import.meta.glob<TextsModule>('../locales/*.json', { query: { part: 'later' } });

/**
 * The languages the app speaks, as `chooseLanguage` (language-choice.ts) takes them: those it has
 * texts for, which `npm run check:i18n` holds equal to LANGUAGE_CODES (@quits/contract).
 */
export const AVAILABLE_LANGUAGES: ReadonlySet<string> = new Set(
  Object.keys(firstParts).map((path) => path.slice('../locales/'.length, -'.json'.length)),
);

async function loadPart(language: string, part: TextsPart): Promise<Texts> {
  const load = (part === 'first' ? firstParts : laterParts)[`../locales/${language}.json`];
  if (!load) throw new Error(`No texts for the language ${language}`);
  return (await load()).default;
}

/** Whether the screens past the first ones are wanted: from then on a language loads whole. */
let laterWanted = false;

/**
 * Texts load on demand: only the chosen language, and of it first the part the first screens
 * show; `laterTexts` brings the rest. There is no fallback language to fetch beside it, since
 * `npm test` (scripts/check-i18n.ts) fails when any language lacks a text.
 */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, done) => {
    Promise.all([
      loadPart(language, 'first'),
      laterWanted ? loadPart(language, 'later') : Promise.resolve({}),
    ])
      .then(([first, later]) => done(null, { ...first, ...later }))
      .catch((error: Error) => done(error, null));
  },
};

let laterLoaded: Promise<void> | null = null;

/**
 * The texts of the screens past the first ones, added to the current language's: screens that
 * use them wait for this before they render (app/router.tsx), and the app asks for it once the
 * first screen has settled. A failed download is asked for again by the next screen.
 */
export function laterTexts(): Promise<void> {
  laterWanted = true;
  const language = i18next.language;
  laterLoaded ??= loadPart(language, 'later').then(
    (texts) => {
      i18next.addResourceBundle(language, 'translation', texts, true, true);
    },
    (error: unknown) => {
      laterLoaded = null;
      throw error;
    },
  );
  return laterLoaded;
}

export function initialLanguage(): string {
  return chooseLanguage(
    readStored(STORAGE_KEYS.locale, isString),
    navigator.language,
    AVAILABLE_LANGUAGES,
  );
}

/** The saved choice, as the server should render with it. */
export const mirrorSavedLanguage = () => mirrorLocale(readStored(STORAGE_KEYS.locale, isString));

/** The page's language and direction: `dir="rtl"` mirrors the layout for Arabic and Hebrew. */
function showLanguage(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

export async function initI18n(): Promise<void> {
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: initialLanguage(),
      fallbackLng: false,
      supportedLngs: [...AVAILABLE_LANGUAGES],
      interpolation: INTERPOLATION,
      returnNull: false,
      // Screens drawn before `laterTexts` arrived are drawn again with them.
      react: { bindI18nStore: 'added' },
    });
  await prepareDirection(i18next.language);
  showLanguage(i18next.language);
  i18next.on('languageChanged', (language) => {
    showLanguage(language);
    writeStored(STORAGE_KEYS.locale, language);
    mirrorLocale(language);
  });
}
