import i18next from 'i18next';

/**
 * The locale for numbers and dates: the browser's own (en-GB, de-CH…) when it speaks the chosen
 * language, so a British reader gets 20/11/2026; else the chosen language itself (pt-BR…).
 * Arabic writes its digits as 0–9 (`-u-nu-latn`), as the Arabic of the Maghreb and most apps do:
 * the Arabic-Indic digits of ar-SA or ar-EG could not be typed back into an amount field.
 */
export function formatLocale(): string {
  const language = i18next.language;
  const browser = navigator.language;
  const tag = browser.split('-')[0] === language ? browser : language;
  return language === 'ar' ? `${tag}-u-nu-latn` : tag;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per locale and style, made once: `toLocaleDateString` makes a new one on every
 * call, which costs more than the rest of a list row.
 */
function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = formatLocale();
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** A calendar date (YYYY-MM-DD) as the reader writes dates. */
export function formatDate(isoDate: string): string {
  return dateFormat({}).format(new Date(`${isoDate}T12:00:00`));
}

/** A moment (ISO timestamp) as a short date and time in the reader's locale and time zone. */
export function formatDateTime(timestamp: string): string {
  return dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(timestamp));
}

/** The calendar day of a moment (ISO timestamp), in the reader's locale and time zone. */
export function formatDay(timestamp: string): string {
  return dateFormat({}).format(new Date(timestamp));
}
