/** A language's texts, as in src/locales/{code}.json: sections of keys. */
export type Texts = Record<string, unknown>;

/** The two parts each language's texts are built as (build/locale-parts.ts). */
export type TextsPart = 'first' | 'later';

/**
 * Sections only screens other than the first ones use (the start page, an event's home, the
 * shell and "who am I" use none of them). They come in a second file, fetched once the first
 * screen has settled or when one of those screens opens, so that a first visit downloads only
 * the texts it shows.
 */
export const LATER_SECTIONS: ReadonlySet<string> = new Set([
  'about',
  'attachments',
  'category',
  'currencies',
  'defaultSplit',
  'expense',
  'explain',
  'manifest',
  'newEvent',
  'notFound',
  'paymentDetails',
  'presence',
  'receipts',
  'recurring',
  'refusal',
  'report',
  'serverMessage',
  'unsaved',
  'settings',
  'statistics',
  'transfer',
  'validation',
]);

/** The sections of `texts` in `part`, in their order. */
export function textsPart(texts: Texts, part: TextsPart): Texts {
  return Object.fromEntries(
    Object.entries(texts).filter(([section]) => LATER_SECTIONS.has(section) === (part === 'later')),
  );
}
