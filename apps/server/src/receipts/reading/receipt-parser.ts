import { findCurrency } from './currency-finder';
import { findDate } from './date-finder';
import { findItems } from './items-finder';
import { findMerchant } from './merchant-finder';
import { formatCents } from './money-tokens';
import { readLines } from './receipt-lines';
import type { ParsedReceipt } from './receipt-types';
import { rankTotals, type TotalCandidate, totalConfidence } from './total-finder';

export interface ParseOptions {
  /** Dates later than this are misreadings; defaults to now. */
  today?: Date;
  /** Read 03/04/2018 as March 4 even without a "$" on the receipt. */
  monthFirst?: boolean;
}

/** Currencies whose receipts write dates month first when the order is ambiguous. */
const MONTH_FIRST_CURRENCIES = new Set(['USD']);

/** A parse with the ranking behind its total, for callers comparing several readings. */
export interface DetailedParse extends ParsedReceipt {
  candidates: TotalCandidate[];
}

/**
 * Reads a receipt's OCR text: total, currency, items, date and merchant, and how sure the total
 * is. Pure: the same text gives the same answer; `today` only bounds the dates.
 */
export function parseReceiptDetailed(text: string, options: ParseOptions = {}): DetailedParse {
  const { lines, mark } = readLines(text);
  const texts = lines.map((line) => line.text);
  const currency = findCurrency(text);
  const items = findItems(lines);
  const itemsSum = items.length > 0 ? items.reduce((sum, item) => sum + item.cents, 0) : null;
  const candidates = rankTotals(lines, itemsSum, mark !== 'none');
  const best = candidates[0];
  return {
    total: best ? formatCents(best.cents, best.hasDecimals) : null,
    currency_id: currency,
    confidence: totalConfidence(candidates),
    items: items.map((item) => ({
      name: item.name,
      amount: formatCents(item.cents, item.hasDecimals),
      quantity: item.quantity,
    })),
    date: findDate(texts, {
      today: options.today ?? new Date(),
      monthFirst: options.monthFirst ?? (currency !== null && MONTH_FIRST_CURRENCIES.has(currency)),
    }),
    merchant: findMerchant(texts),
    candidates,
  };
}

/** `parseReceiptDetailed` without the ranking: what a receipt's text says. */
export function parseReceiptText(text: string, options: ParseOptions = {}): ParsedReceipt {
  const { candidates: _ranking, ...parsed } = parseReceiptDetailed(text, options);
  return parsed;
}
