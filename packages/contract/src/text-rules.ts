/**
 * What every text a person gives (typed, or imported from a file) becomes before it is kept:
 * the same characters a reader sees, and nothing a reader cannot see. Characters that draw
 * nothing (zero-width spaces, joiners outside emoji, the combining grapheme joiner, soft hyphens,
 * byte-order marks) and the bidirectional controls that reorder what follows (U+202A–202E,
 * U+2066–2069, U+200E/F) let two different strings look the same — `Ana\u200b` beside `Ana`,
 * `\u202eanA` drawn as `Ana` — so they are dropped. Emoji keep theirs: a family or a flag is
 * built with zero-width joiners, variation selectors and tag characters.
 */

/**
 * Unicode's "default ignorable" code points (drawn as nothing unless a font knows better), and
 * the one bidirectional control that is not among them (U+061C, the Arabic letter mark).
 */
const HIDDEN = /[\p{Default_Ignorable_Code_Point}\u061C]/u;
const EVERY_HIDDEN = new RegExp(HIDDEN.source, 'gu');
const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

const graphemes =
  typeof Intl.Segmenter === 'function'
    ? new Intl.Segmenter('und', { granularity: 'grapheme' })
    : null;

function dropHidden(text: string): string {
  return text.replace(EVERY_HIDDEN, '');
}

/**
 * Control characters (C0, DEL and C1) other than tab, line feed and carriage return: ESC, BEL and
 * their kind draw nothing, and a terminal or printer reading an export obeys them. NUL is left for
 * the schemas to refuse by name (primitives.ts).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const CONTROLS = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/** Line breaks and tabs, which a one-line text (a name, a title) shows as a space. */
const LINE_BREAKS = /[\t\n\r]+/g;

/** `text` without control characters other than tab and line breaks (see CONTROLS). */
export function dropControls(text: string): string {
  return text.replace(CONTROLS, '');
}

/**
 * Drops invisible and bidirectional-control characters, except inside an emoji's grapheme
 * cluster, and control characters (tab and line breaks stay), and composes accents (NFC), so that
 * "é" typed two ways is one "é".
 */
export function cleanText(text: string): string {
  const visible = dropControls(text);
  if (!HIDDEN.test(visible)) return visible.normalize('NFC');
  if (!graphemes) return dropHidden(visible).normalize('NFC');
  let kept = '';
  for (const { segment } of graphemes.segment(visible)) {
    kept += PICTOGRAPH.test(segment) ? segment : dropHidden(segment);
  }
  return kept.normalize('NFC');
}

/** Clean text of one line (a title, an event's name): a tab or line break becomes a space. */
export function cleanLine(text: string): string {
  return cleanText(text).replace(LINE_BREAKS, ' ');
}

/**
 * A name as it is kept: clean text of one line in compatibility form (NFKC), so that full-width
 * `Ａｎａ`, ligatures and other look-alike forms become the letters they look like.
 */
export function cleanName(text: string): string {
  return cleanLine(text.normalize('NFKC'));
}

/** What two names are compared by: the clean name with case folded away ("Ana" = "ANA" = "Ａｎａ"). */
export function nameKey(name: string): string {
  return cleanName(name).trim().toLowerCase();
}

/**
 * At most `max` UTF-16 units of `text` (the length the schemas count), never ending on half of
 * a surrogate pair, which no database could store.
 */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
