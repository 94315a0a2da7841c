import {
  type Currency,
  isoDateSchema,
  LIMITS,
  RECEIPT_LIMITS,
  type ReceiptAnalysis,
  type ReceiptItem,
  type ReceiptOutline,
  receiptOutlineSchema,
} from '@quits/contract';
import { parseAmount } from '@quits/domain';
import { decideCurrency, FOREIGN_CURRENCY_SURE } from './reading/currency-finder';

/**
 * What a reader (the built-in OCR or a vision model) found on a receipt, before it is checked:
 * amounts as decimal text in major units ("12.30"), as printed.
 */
export interface ReceiptFields {
  total: string | null;
  currency_id: string | null;
  /** Estimated chance (0..1) that `total` is right. */
  confidence: number;
  items: readonly { name: string; amount: string; quantity: number }[];
  date: string | null;
  merchant: string | null;
  text: string;
  /** The paper's outline in the photo (shares of its size), when it was found on a background. */
  outline?: ReceiptOutline | null;
}

export type AnalysisContent = Omit<ReceiptAnalysis, 'receipt_id'>;

export interface AnalysisContext {
  /** The global currency list. */
  currencyOf(id: string): Currency | undefined;
  /** The event's currency: the receipt's when none was read, or an unknown one was. */
  eventCurrency: Currency;
}

/** Quantities beyond this are misreadings (a barcode read as a count). */
const MAX_QUANTITY = 100_000;

/**
 * The receipt's currency and how sure it is (see `decideCurrency`): from the marks beside the
 * amounts of the text read. A vision model's currency is taken when the text does not point
 * elsewhere surely; it is never taken when unknown to the app.
 */
function receiptCurrency(
  fields: ReceiptFields,
  source: ReceiptAnalysis['source'],
  context: AnalysisContext,
): { currency: Currency; confidence: number } {
  const known = (code: string) => context.currencyOf(code) !== undefined;
  const decision = decideCurrency(fields.text, context.eventCurrency.id, known);
  const fromText = context.currencyOf(decision.currency_id) ?? context.eventCurrency;
  const modelSaid = fields.currency_id
    ? context.currencyOf(fields.currency_id.toUpperCase())
    : null;
  if (source === 'model' && modelSaid && modelSaid.id !== fromText.id) {
    const textIsSure =
      decision.currency_id !== context.eventCurrency.id &&
      decision.confidence >= FOREIGN_CURRENCY_SURE;
    if (!textIsSure) return { currency: modelSaid, confidence: 0.7 };
  }
  return { currency: fromText, confidence: decision.confidence };
}

/**
 * Turns what was read into the API's answer: amounts to minor units of the receipt's currency
 * (see `receiptCurrency`: another one than the event's only when printed surely), and everything bounded by
 * the contract — an amount that does not parse or is out of range is dropped rather than
 * guessed, a total that is dropped takes the confidence with it.
 */
export function toAnalysisContent(
  fields: ReceiptFields,
  source: ReceiptAnalysis['source'],
  context: AnalysisContext,
): AnalysisContent {
  const { currency, confidence: currencyConfidence } = receiptCurrency(fields, source, context);
  const toMinor = (decimal: string) => parseAmount(decimal, currency.decimals, 'en');

  const parsedTotal = fields.total === null ? null : toMinor(fields.total);
  const total =
    parsedTotal !== null && parsedTotal > 0 && parsedTotal <= LIMITS.maxAmount ? parsedTotal : null;
  const items: ReceiptItem[] = [];
  for (const item of fields.items) {
    if (items.length >= RECEIPT_LIMITS.maxItems) break;
    const amount = toMinor(item.amount);
    if (amount === null || Math.abs(amount) > LIMITS.maxAmount) continue;
    const quantity =
      Number.isFinite(item.quantity) && item.quantity > 0
        ? Math.min(item.quantity, MAX_QUANTITY)
        : 1;
    items.push({ name: cleanText(item.name, RECEIPT_LIMITS.maxName), amount, quantity });
  }
  const merchant =
    fields.merchant === null ? '' : cleanText(fields.merchant, RECEIPT_LIMITS.maxName);
  return {
    total,
    currency_id: currency.id,
    currency_confidence: currencyConfidence,
    confidence: total === null ? 0 : clampConfidence(fields.confidence),
    items,
    date: fields.date !== null && isoDateSchema.safeParse(fields.date).success ? fields.date : null,
    merchant: merchant === '' ? null : merchant,
    text: cleanText(fields.text, RECEIPT_LIMITS.maxText, false),
    source,
    outline: cleanOutline(fields.outline),
  };
}

/** The outline when it is four points within the photo; null otherwise. */
function cleanOutline(outline: ReceiptOutline | null | undefined): ReceiptOutline | null {
  if (!outline) return null;
  const clamped = outline.map((point) => ({
    x: Math.round(Math.min(1, Math.max(0, point.x)) * 10_000) / 10_000,
    y: Math.round(Math.min(1, Math.max(0, point.y)) * 10_000) / 10_000,
  }));
  const parsed = receiptOutlineSchema.safeParse(clamped);
  return parsed.success ? parsed.data : null;
}

function clampConfidence(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value));
}

/**
 * Text without NUL (PostgreSQL cannot store it) nor other control characters, trimmed and cut
 * to `max` characters; `oneLine` also folds line breaks and runs of spaces into one space.
 */
function cleanText(value: string, max: number, oneLine = true): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  const visible = value.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ');
  const folded = oneLine ? visible.replace(/\s+/g, ' ') : visible;
  // Cut in UTF-16 units, as the contract counts them, but never inside a surrogate pair.
  const cut = folded.trim().slice(0, max);
  return (/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut).trim();
}
