/** Which way a language's text runs: `rtl` mirrors the whole layout. */
export type TextDirection = 'ltr' | 'rtl';

/**
 * The languages of LANGUAGE_CODES (languages.ts) written right to left. A module apart, so that
 * the app's first download does not carry the list of every language.
 */
const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar', 'he']);

/** The direction of `code`'s text; left to right for a code Quits does not speak. */
export function directionOf(code: string): TextDirection {
  return RIGHT_TO_LEFT.has(code) ? 'rtl' : 'ltr';
}
