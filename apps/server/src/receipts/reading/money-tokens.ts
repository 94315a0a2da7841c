/**
 * Amounts as printed on a receipt line, read into integer hundredths so that sums and
 * comparisons are exact. A receipt writes either "1,234.50" or "1.234,50"; the document's
 * decimal mark is decided once from all its amounts, then each token is read with it.
 */

/** The document's decimal mark; `none` when no amount has two decimals (VND, JPY, KRW…). */
export type DecimalMark = '.' | ',' | 'none';

export interface MoneyToken {
  /** The value in hundredths of the unit (1234.50 → 123450; 125.000 VND → 12500000). */
  cents: number;
  /** Whether it was printed with decimals ("12.00"), which prices nearly always are. */
  hasDecimals: boolean;
  /** Where it sits in the line (the amount at the right end of a line is the price). */
  start: number;
  end: number;
}

// Digits with optional thousands groups, then optional decimals. The look-arounds keep out
// dates (25/12/2018, 22.02.2018), times (7:41), phone numbers (603-5885) and percentages.
const AMOUNT =
  /(?<![\d/:.,]|\d-)(-\s?)?(\d{1,3}(?:[.,]\d{3})+|\d+)(?:([.,])(\d{2}))?(?![.,]?\d)(?![/:-]\d)(?!\s?%)(-(?!\d))?/g;

const TWO_DECIMALS = {
  '.': /\d\.\d{2}(?![\d.,]?\d)/g,
  ',': /\d,\d{2}(?![\d.,]?\d)/g,
};

/** Which mark separates decimals in this text: the one more of its two-decimal amounts use. */
export function detectDecimalMark(text: string): DecimalMark {
  const dots = text.match(TWO_DECIMALS['.'])?.length ?? 0;
  const commas = text.match(TWO_DECIMALS[','])?.length ?? 0;
  if (dots === 0 && commas === 0) return 'none';
  return commas > dots ? ',' : '.';
}

function interpret(
  whole: string,
  decimalSeparator: string | undefined,
  fraction: string | undefined,
  mark: DecimalMark,
): { cents: number; hasDecimals: boolean } | null {
  const groupSeparator = /[.,]/.exec(whole)?.[0];
  if (fraction !== undefined && decimalSeparator !== undefined) {
    // Two digits after the last mark are decimals whatever the mark: "12,50" in a document of
    // "12.50" is a misread dot, and "1.234.50" a misread comma.
    const units = Number(whole.replace(/[.,]/g, ''));
    return { cents: units * 100 + Number(fraction), hasDecimals: true };
  }
  // No decimals: "1.234" is a thousands group unless the document writes decimals with that
  // mark, in which case it is a three-decimal quantity (a weight), not money.
  if (groupSeparator !== undefined && groupSeparator === mark) return null;
  return { cents: Number(whole.replace(/[.,]/g, '')) * 100, hasDecimals: false };
}

/** Every amount in one line, left to right. */
export function findAmounts(line: string, mark: DecimalMark): MoneyToken[] {
  const found: MoneyToken[] = [];
  for (const match of line.matchAll(AMOUNT)) {
    const [text, leadingMinus, whole = '', separator, fraction, trailingMinus] = match;
    const value = interpret(whole, separator, fraction, mark);
    if (!value || !Number.isSafeInteger(value.cents)) continue;
    const negative = leadingMinus !== undefined || trailingMinus !== undefined;
    found.push({
      cents: negative ? -value.cents : value.cents,
      hasDecimals: value.hasDecimals,
      start: match.index,
      end: match.index + text.length,
    });
  }
  return found;
}

/** Hundredths as the decimal string the reading answers ("12.30"; "125000" without decimals). */
export function formatCents(cents: number, hasDecimals: boolean): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const units = Math.floor(absolute / 100);
  if (!hasDecimals) return `${sign}${units}`;
  return `${sign}${units}.${String(absolute % 100).padStart(2, '0')}`;
}
