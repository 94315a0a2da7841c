import type { Quad } from './geometry';

/** One line of a receipt as read: `amount` is the line's price as a decimal string ("12.30"). */
export interface ReadItem {
  name: string;
  amount: string;
  quantity: number;
}

/**
 * What the parser makes of a receipt's text. Amounts stay decimal strings with a dot and no
 * thousands separator ("1234.50", "125000" for a currency without minor units), so the caller
 * turns them into minor units with `@quits/domain`'s `parseAmount(value, decimals, 'en')`.
 */
export interface ParsedReceipt {
  /** The amount paid, or null when no line reads like one. */
  total: string | null;
  /** ISO 4217 code of the currency printed (symbol or code), or null when none is. */
  currency_id: string | null;
  /** Estimated chance (0..1) that `total` is right; below 0.7 the person should check it. */
  confidence: number;
  items: ReadItem[];
  /** The purchase date as YYYY-MM-DD. */
  date: string | null;
  merchant: string | null;
}

/** The parse plus the text it was made from, for the person to check against. */
export interface ReceiptReading extends ParsedReceipt {
  text: string;
  /**
   * The paper's outline found in a photo: corners as shares (0..1) of the image's width and
   * height, clockwise from the print's top-left; absent or null for a scan.
   */
  outline?: Quad | null;
}
