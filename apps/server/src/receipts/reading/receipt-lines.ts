import { type LineKind, lineKind } from './line-kinds';
import { type DecimalMark, detectDecimalMark, findAmounts, type MoneyToken } from './money-tokens';
import { textLines } from './text-lines';

/** One line of the receipt with what it is about and the amounts printed on it. */
export interface ReceiptLine {
  index: number;
  text: string;
  kind: LineKind;
  /** Amounts that can be money: with decimals, or whole numbers where the receipt has no decimals. */
  amounts: MoneyToken[];
}

export interface ReceiptLines {
  lines: ReceiptLine[];
  mark: DecimalMark;
}

/** Words that are only a currency or filler, so that a line made of them and an amount is "only an amount". */
const FILLER = /^(rm|myr|usd|eur|gbp|chf|vnd|sgd|mad|dh|dhs|s\$|\$|€|£|¥|₫|:|=|-|\*|x)$/i;

/** Cuts the text into lines, classifies each, and reads its amounts with the receipt's decimal mark. */
export function readLines(text: string): ReceiptLines {
  const raw = textLines(text);
  const mark = detectDecimalMark(raw.join('\n'));
  const lines = raw.map((line, index) => {
    const kind = lineKind(line);
    const amounts = findAmounts(line, mark).filter(
      (amount) => amount.hasDecimals || mark === 'none',
    );
    const lenient = amounts.length === 0 && kind !== 'other' ? lenientAmount(line) : null;
    return { index, text: line, kind, amounts: lenient ? [lenient] : amounts };
  });
  return { lines, mark };
}

// A damaged amount at the end of a labelled line: "14.109" (a tax code glued on), "88 17"
// (the point lost), "149_19", "18.8"" (a digit lost). Only tried where a label says an amount
// must be, and only believed when the receipt's arithmetic agrees (see total-finder).
const DAMAGED_AMOUNT = /(?<![\d.,])(\d{1,6})(?:[.,_:;'"]\s?|\s)(\d{1,2})\d?\W{0,3}$/;

function lenientAmount(line: string): MoneyToken | null {
  const match = DAMAGED_AMOUNT.exec(line);
  if (!match) return null;
  const [, units = '', decimals = ''] = match;
  return {
    cents: Number(units) * 100 + Number(decimals.padEnd(2, '0')),
    hasDecimals: true,
    start: match.index,
    end: line.length,
  };
}

/** Whether a line holds nothing but amounts (and currency signs): a value printed under its label. */
export function isAmountOnly(line: ReceiptLine): boolean {
  if (line.amounts.length === 0) return false;
  let rest = line.text;
  for (const amount of [...line.amounts].reverse()) {
    rest = rest.slice(0, amount.start) + rest.slice(amount.end);
  }
  return rest
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .every((word) => FILLER.test(word) || word.length <= 1);
}

/**
 * The amount a labelled line gives: the last one on the line (prices are right-aligned), or,
 * when the label stands alone, the value printed on its own line just below it. When several
 * labels stand alone in a row and their values follow in a row (a two-column layout read
 * column by column), the n-th label takes the n-th value.
 */
export function amountOfLine(lines: ReceiptLine[], index: number): MoneyToken | null {
  const line = lines[index];
  if (!line) return null;
  const own = ownAmount(line);
  if (own) return own;
  let first = index;
  while (first > 0 && isBareLabel(lines[first - 1])) first -= 1;
  let last = index;
  while (isBareLabel(lines[last + 1])) last += 1;
  const position = index - first;
  const below = valuesBelow(lines, last, position);
  if (below[position]) return below[position] ?? null;
  // A lone label whose value was read on the line above it (the value printed a little higher).
  const above = lines[first - 1];
  if (first === last && above && above.kind === 'other' && isAmountOnly(above)) {
    return above.amounts.at(-1) ?? null;
  }
  return null;
}

function valuesBelow(lines: ReceiptLine[], last: number, position: number): MoneyToken[] {
  const values: MoneyToken[] = [];
  let skipped = 0;
  for (let next = last + 1; next < lines.length && values.length <= position; next += 1) {
    const candidate = lines[next];
    if (!candidate || !isAmountOnly(candidate)) {
      // The values follow their labels closely; further down is another part of the receipt.
      skipped += 1;
      if (values.length > 0 || skipped > 2) break;
      continue;
    }
    const value = candidate.amounts.at(-1);
    if (value) values.push(value);
  }
  return values;
}

/**
 * The amount a line states. A total's line may carry other figures (a count, or the tax beside
 * it in a tax summary: "Total 80.91 0.00"), and the total is the largest of them; other lines
 * put their amount last.
 */
function ownAmount(line: ReceiptLine): MoneyToken | undefined {
  if (!['total', 'grand-total', 'subtotal'].includes(line.kind)) return line.amounts.at(-1);
  return line.amounts.reduce<MoneyToken | undefined>(
    (largest, amount) => (largest && largest.cents >= amount.cents ? largest : amount),
    undefined,
  );
}

function isBareLabel(line: ReceiptLine | undefined): boolean {
  return line !== undefined && line.kind !== 'other' && line.amounts.length === 0;
}
