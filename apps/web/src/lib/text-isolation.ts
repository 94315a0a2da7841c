import { directionOf } from '@quits/contract/language-direction';
import i18next from 'i18next';

/** FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE (Unicode bidi, as HTML's `<bdi>`). */
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * A value written into a text (a name, a title, an amount), isolated from the text around it
 * when the language runs right to left: "Ana" or "Taxi 12 €" inside an Arabic sentence keeps its
 * own direction and does not carry the sentence's punctuation or numbers off to the wrong side.
 * Left to right the value is written as it is. React escapes what it renders itself.
 */
export function isolateValue(value: unknown): string {
  const text = String(value);
  return directionOf(i18next.language) === 'rtl' ? `${FSI}${text}${PDI}` : text;
}

/** The interpolation options of the app's i18n and of the server's render (ssr/server-i18n.ts). */
export const INTERPOLATION = { escapeValue: true, escape: isolateValue } as const;
