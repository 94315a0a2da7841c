import type { MoneyToken } from './money-tokens';
import type { ReceiptLine } from './receipt-lines';

/** An item line: its name, how many, and the line's amount in hundredths. */
export interface FoundItem {
  name: string;
  quantity: number;
  cents: number;
  hasDecimals: boolean;
}

const QUANTITY_TIMES =
  /(?<![\d.,])(\d{1,3})\s*(?:x|X|×|@|\*|pcs?|PC|pk|ea|units?)\s*(?=[\d$€£]|RM|$)/;
const LEADING_QUANTITY = /^(\d{1,2})\s+(?=\p{L})/u;
const LABELLED_QUANTITY = /\b(?:qty|quantity|menge|qte|cant|sl)\s*[:.]?\s*(\d{1,3})\b/i;

/** Leading codes (barcodes, SKUs) and trailing tax codes are not part of an item's name. */
function cleanName(raw: string): string {
  return (
    raw
      .replace(/^[\s\d\-#*.:]*\d{5,}\s*/, '')
      // A quantity in front ("2 x Coffee", "3 Tea") or behind ("Coffee 2 x") is not the name.
      .replace(/^\d{1,3}\s*(?:x|X|×|\*)?\s+(?=\p{L})/u, '')
      .replace(/\s\d{1,3}\s*(?:x|X|×|@|\*)\s*$/, '')
      .replace(/\s+(?:SR|ZR|S|Z|T|E|A|B|C|N|TX|\*)\s*$/, '')
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N})]+$/gu, '')
      .replace(/\s{2,}/g, ' ')
      .trim()
  );
}

function quantityOf(text: string, amounts: MoneyToken[], total: MoneyToken): number {
  const times = QUANTITY_TIMES.exec(text) ?? LABELLED_QUANTITY.exec(text);
  const leading = LEADING_QUANTITY.exec(text);
  const stated = Number(times?.[1] ?? leading?.[1] ?? 1);
  if (stated >= 1 && stated <= 999) return stated;
  // "1.50 3.00": a unit price and a line amount; their ratio is the quantity.
  const unit = amounts.at(-2);
  if (unit && unit.cents > 0 && total.cents % unit.cents === 0) return total.cents / unit.cents;
  return 1;
}

function nameBefore(line: ReceiptLine, amount: MoneyToken): string {
  const firstAmount = line.amounts[0] ?? amount;
  return cleanName(line.text.slice(0, firstAmount.start));
}

function hasWord(name: string): boolean {
  return /\p{L}{2,}/u.test(name);
}

/**
 * The bought items: lines above the first total or subtotal whose last amount is the line's
 * price. A name printed on its own line, with quantity and price on the next one, is joined.
 */
export function findItems(lines: ReceiptLine[]): FoundItem[] {
  const end = lines.findIndex((line) =>
    ['subtotal', 'total', 'grand-total', 'tendered'].includes(line.kind),
  );
  const body = lines.slice(0, end === -1 ? lines.length : end);
  const items: FoundItem[] = [];
  let pendingName: string | null = null;
  for (const line of body) {
    const amount = line.amounts.at(-1);
    if (line.kind !== 'other') {
      pendingName = null;
      continue;
    }
    if (!amount) {
      const name = cleanName(line.text);
      pendingName = hasWord(name) ? name : null;
      continue;
    }
    let name = nameBefore(line, amount);
    if (!hasWord(name) && pendingName) name = pendingName;
    pendingName = null;
    if (!hasWord(name) || amount.cents <= 0) continue;
    items.push({
      name,
      quantity: quantityOf(line.text, line.amounts, amount),
      cents: amount.cents,
      hasDecimals: amount.hasDecimals,
    });
  }
  return items;
}
