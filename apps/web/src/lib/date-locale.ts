import type { Locale } from 'date-fns';

/**
 * The calendar rules of each language the app speaks (date order, separators, the first day of
 * the week), from date-fns, one small chunk per language loaded when a date field first shows.
 * English follows the browser's region: en-US writes 03/15/2026 and starts on Sunday, other
 * English (en-GB…) 15/03/2026 from Monday.
 */
const enUS = () => import('date-fns/locale/en-US').then((module) => module.enUS);
const LOADERS: Record<string, () => Promise<Locale>> = {
  'en-US': enUS,
  'en-GB': () => import('date-fns/locale/en-GB').then((module) => module.enGB),
  de: () => import('date-fns/locale/de').then((module) => module.de),
  es: () => import('date-fns/locale/es').then((module) => module.es),
  fr: () => import('date-fns/locale/fr').then((module) => module.fr),
  it: () => import('date-fns/locale/it').then((module) => module.it),
  vi: () => import('date-fns/locale/vi').then((module) => module.vi),
  zh: () => import('date-fns/locale/zh-CN').then((module) => module.zhCN),
};

/** The date-fns locale key for a BCP 47 tag from `formatLocale()` ("de-AT" → "de"). */
export function dateLocaleKey(tag: string): string {
  const [language = 'en', region] = tag.split('-');
  if (language === 'en') return !region || region.toUpperCase() === 'US' ? 'en-US' : 'en-GB';
  return language in LOADERS ? language : 'en-US';
}

const loaded = new Map<string, Promise<Locale>>();

/** The locale for `tag`, loaded once; the same promise every time, as React's `use` needs. */
export function loadDateLocale(tag: string): Promise<Locale> {
  const key = dateLocaleKey(tag);
  let locale = loaded.get(key);
  if (!locale) {
    locale = (LOADERS[key] ?? enUS)();
    loaded.set(key, locale);
  }
  return locale;
}
