/**
 * The languages Quits speaks: the web app, its first screen rendered by the server, the web app
 * manifests, the PDF statement and push notifications. Everything that lists languages derives
 * from here; `npm run check:i18n` holds every one of them to having every text. Each one's own
 * name is in language-names.ts (apart, so the app's first download does not carry them all).
 * docs/I18N.md tells how to add one.
 */
export const LANGUAGE_CODES = [
  'en',
  'de',
  'fr',
  'es',
  'zh',
  'vi',
  'it',
  'pt-BR',
  'pt-PT',
  'nl',
  'sv',
  'da',
  'nb',
  'pl',
  'cs',
  'uk',
  'ru',
  'ro',
  'el',
  'ja',
  'ko',
  'tr',
  'fi',
  'ar',
  'he',
] as const;
export type Language = (typeof LANGUAGE_CODES)[number];

export { directionOf, type TextDirection } from './language-direction';
