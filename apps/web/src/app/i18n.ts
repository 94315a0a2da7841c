import { mirrorLocale } from '@web/lib/choice-cookies';
import { isString, readStored, STORAGE_KEYS, writeStored } from '@web/lib/storage';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chooseLanguage } from './language-choice';

/** Each language in its own name, as the picker shows it. */
export const LANGUAGES = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  zh: '中文',
  vi: 'Tiếng Việt',
} as const;
export type Language = keyof typeof LANGUAGES;

/** The languages the app speaks, as `chooseLanguage` (language-choice.ts) takes them. */
export const AVAILABLE_LANGUAGES: ReadonlySet<string> = new Set(Object.keys(LANGUAGES));

/**
 * Locale files load on demand: only the chosen language is downloaded. There is no fallback
 * language to fetch beside it, since `npm test` (scripts/check-i18n.ts) fails when any language
 * lacks a text.
 */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, done) => {
    import(`../locales/${language}.json`)
      .then((module: { default: Record<string, unknown> }) => done(null, module.default))
      .catch((error: Error) => done(error, null));
  },
};

export function initialLanguage(): string {
  return chooseLanguage(
    readStored(STORAGE_KEYS.locale, isString),
    navigator.language,
    AVAILABLE_LANGUAGES,
  );
}

/** The saved choice, as the server should render with it. */
export const mirrorSavedLanguage = () => mirrorLocale(readStored(STORAGE_KEYS.locale, isString));

export async function initI18n(): Promise<void> {
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: initialLanguage(),
      fallbackLng: false,
      supportedLngs: Object.keys(LANGUAGES),
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = i18next.language;
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
    writeStored(STORAGE_KEYS.locale, language);
    mirrorLocale(language);
  });
}
