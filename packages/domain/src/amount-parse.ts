import { assertDecimals } from './money';

/** The message shown for any input `parseAmount` rejects (product spec wording). */
export const PARSE_AMOUNT_ERROR = 'Please enter a valid number';

const decimalSeparatorCache = new Map<string, string>();

// Spaces of every width and apostrophes only ever group digits, in any locale we serve.
const SPACE_GROUPS = " \u00A0\u202F'’";
const ALLOWED = /^[0-9 \u00A0\u202F'’.,]+$/;
const THREE_DIGITS = /^[0-9]{3}$/;
const DIGITS = /^[0-9]*$/;

/** The decimal separator `locale` writes: ',' in de, fr, es, it, vi; '.' in en, zh. */
export function localeDecimalSeparator(locale: string): string {
  let separator = decimalSeparatorCache.get(locale);
  if (separator === undefined) {
    try {
      const parts = new Intl.NumberFormat(locale).formatToParts(1.1);
      separator = parts.find((part) => part.type === 'decimal')?.value ?? '.';
    } catch {
      // A malformed locale tag is the caller's problem to report; parsing still works with '.'.
      separator = '.';
    }
    decimalSeparatorCache.set(locale, separator);
  }
  return separator;
}

/** Which of ',' and '.' is the decimal separator, by index; -1 when there is none. */
function findDecimalIndex(body: string, decimals: number, locale: string): number | null {
  const lastComma = body.lastIndexOf(',');
  const lastDot = body.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // Both present: the later one is decimal, and it may appear only once.
    const index = Math.max(lastComma, lastDot);
    const char = body.charAt(index);
    return body.indexOf(char) === index ? index : null;
  }
  const index = Math.max(lastComma, lastDot);
  if (index < 0) return -1;
  const char = body.charAt(index);
  if (body.indexOf(char) !== index) return -1; // repeated: "1.234.567" groups
  // Nothing before it to group, or a leading zero ("0,001"), which a grouped number never has.
  if (index === 0 || body.startsWith('0')) return index;
  const threeAfter = THREE_DIGITS.test(body.slice(index + 1));
  // "1.000" VND can only be a thousand: there is no fraction to write.
  if (decimals === 0 && threeAfter) return -1;
  if (char === localeDecimalSeparator(locale) || !threeAfter) return index;
  return -1; // "1,234" in en, "1.234" in de
}

/** Removes group separators, which must each sit between two digits; null when misplaced. */
function stripGroups(integerPart: string, groupChars: string): string | null {
  let out = '';
  for (let i = 0; i < integerPart.length; i++) {
    const char = integerPart.charAt(i);
    if (char >= '0' && char <= '9') {
      out += char;
      continue;
    }
    if (!groupChars.includes(char)) return null;
    const before = integerPart.charAt(i - 1);
    const after = integerPart.charAt(i + 1);
    if (!(before >= '0' && before <= '9' && after >= '0' && after <= '9')) return null;
  }
  return out;
}

/**
 * Reads an amount typed by a person into minor units of a currency with `decimals` digits.
 *
 * Accepts an optional leading '-' or '−', surrounding whitespace, group separators (spaces,
 * no-break spaces, apostrophes, and whichever of ',' / '.' is not the decimal separator) between
 * digits, and a comma as decimal separator in every locale. A lone ',' or '.' followed by
 * exactly three digits is a group separator unless it is the locale's decimal separator
 * ("1,234" is 1234 in en, 1.234 in de). Extra fraction digits are allowed only when they are
 * zeros ("12.500" EUR is 1250).
 *
 * @param input the text as typed, in major units
 * @param decimals the currency's number of minor-unit digits (2 for EUR, 0 for JPY, 3 for KWD)
 * @param locale a BCP 47 tag deciding what a lone separator before three digits means
 * @returns the amount in minor units (a safe integer, never −0), or null when not a valid amount
 */
export function parseAmount(input: string, decimals: number, locale = 'en'): number | null {
  assertDecimals(decimals);
  let body = input.trim();
  const negative = body.startsWith('-') || body.startsWith('−');
  if (negative) body = body.slice(1).trimStart();
  if (body === '' || !ALLOWED.test(body)) return null;

  const decimalIndex = findDecimalIndex(body, decimals, locale);
  if (decimalIndex === null) return null;
  const integerPart = decimalIndex < 0 ? body : body.slice(0, decimalIndex);
  let fraction = decimalIndex < 0 ? '' : body.slice(decimalIndex + 1);
  if (!DIGITS.test(fraction)) return null;

  const decimalChar = decimalIndex < 0 ? '' : body.charAt(decimalIndex);
  const groupChars = SPACE_GROUPS + (decimalChar === ',' ? '.' : decimalChar === '.' ? ',' : ',.');
  const integerDigits = stripGroups(integerPart, groupChars);
  if (integerDigits === null || integerDigits.length + fraction.length === 0) return null;

  if (fraction.length > decimals) {
    if (!/^0*$/.test(fraction.slice(decimals))) return null;
    fraction = fraction.slice(0, decimals);
  }
  const digits = (integerDigits + fraction.padEnd(decimals, '0')).replace(/^0+/, '');
  if (digits.length > 16) return null;
  const magnitude = digits === '' ? 0 : Number(digits);
  if (!Number.isSafeInteger(magnitude)) return null;
  return negative && magnitude !== 0 ? -magnitude : magnitude;
}
