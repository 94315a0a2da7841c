/**
 * How deep a request body's arrays and objects may nest. The deepest the API reads is about
 * five (an expense's payer lines); every parser and walker after JSON.parse recurses, and a
 * 1 MB body of brackets would otherwise nest half a million deep.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether the JSON text nests deeper than `max`, read in one pass without parsing (brackets
 * inside strings do not count). Malformed text is left for the parser to refuse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      // A string is skipped to its closing quote by indexOf, natively: a Splitwise file sent
      // as one 30 MB string would take a character-by-character loop hundreds of milliseconds.
      index = closingQuote(text, index + 1);
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth++;
      if (depth > max) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/** Where the string that starts at `from` (after its opening quote) ends; past the text if never. */
function closingQuote(text: string, from: number): number {
  let quote = text.indexOf('"', from);
  while (quote !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    // An even run of backslashes escapes itself: the quote closes the string.
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return text.length;
}
