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
  'pt-BR': () => import('date-fns/locale/pt-BR').then((module) => module.ptBR),
  'pt-PT': () => import('date-fns/locale/pt').then((module) => module.pt),
  nl: () => import('date-fns/locale/nl').then((module) => module.nl),
  sv: () => import('date-fns/locale/sv').then((module) => module.sv),
  da: () => import('date-fns/locale/da').then((module) => module.da),
  nb: () => import('date-fns/locale/nb').then((module) => module.nb),
  pl: () => import('date-fns/locale/pl').then((module) => module.pl),
  cs: () => import('date-fns/locale/cs').then((module) => module.cs),
  uk: () => import('date-fns/locale/uk').then((module) => module.uk),
  ru: () => import('date-fns/locale/ru').then((module) => module.ru),
  ro: () => import('date-fns/locale/ro').then((module) => module.ro),
  el: () => import('date-fns/locale/el').then((module) => module.el),
  ja: () => import('date-fns/locale/ja').then((module) => module.ja),
  ko: () => import('date-fns/locale/ko').then((module) => module.ko),
  tr: () => import('date-fns/locale/tr').then((module) => module.tr),
  fi: () => import('date-fns/locale/fi').then((module) => module.fi),
  ar: () => import('date-fns/locale/ar').then((module) => module.ar),
  he: () => import('date-fns/locale/he').then((module) => module.he),
};

/** Other codes of a language the app speaks: Norwegian is read in Bokmål, `iw` is Hebrew. */
const SAME_AS: Record<string, string> = { no: 'nb', nn: 'nb', iw: 'he' };

/**
 * The date-fns locale key for a BCP 47 tag from `formatLocale()` ("de-AT" → "de"; Portuguese
 * by its region, Brazil's when it has none).
 */
export function dateLocaleKey(tag: string): string {
  const [language = 'en', region = ''] = tag.split('-');
  if (language === 'en') return !region || region.toUpperCase() === 'US' ? 'en-US' : 'en-GB';
  if (language === 'pt') return region.length === 2 && region !== 'BR' ? 'pt-PT' : 'pt-BR';
  const key = SAME_AS[language] ?? language;
  return key in LOADERS ? key : 'en-US';
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
