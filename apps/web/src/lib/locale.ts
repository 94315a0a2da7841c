import i18next from 'i18next';

/**
 * The locale for numbers and dates: the browser's own (en-GB, de-CH…) when it speaks the chosen
 * language, so a British reader gets 20/11/2026; else the chosen language itself.
 */
export function formatLocale(): string {
  const language = i18next.language;
  const browser = navigator.language;
  return browser.split('-')[0] === language ? browser : language;
}

/** A calendar date (YYYY-MM-DD) as the reader writes dates. */
export function formatDate(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00`).toLocaleDateString(formatLocale());
}

/** A moment (ISO timestamp) as a short date and time in the reader's locale and time zone. */
export function formatDateTime(timestamp: string): string {
  return new Date(timestamp).toLocaleString(formatLocale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}
