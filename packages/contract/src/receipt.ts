import { z } from 'zod';
import { currencyCodeSchema, isoDateSchema, uuidSchema } from './primitives';

/** Upload limits of POST /api/event/{id}/receipts/analyze, shared so the web app checks first. */
export const RECEIPT_LIMITS = {
  /** Bytes of the uploaded file. */
  maxBytes: 10 * 1024 * 1024,
  /** Pixels of the decoded image (width × height); more is refused before decoding it all. */
  maxPixels: 40_000_000,
  /** The web app shrinks photos to this longest side before uploading. */
  uploadLongestSide: 2000,
  /** Content types accepted, recognised by their bytes, not by name or header. */
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const,
  /** Lines of an analysis at most; a longer receipt keeps its first ones. */
  maxItems: 200,
  /** Characters of an item's name or the merchant at most (an expense title's length). */
  maxName: 100,
  /** Characters of the text read at most. */
  maxText: 20_000,
} as const;

/** One line of a receipt; `amount` in minor units of the analysis' currency. */
export const receiptItemSchema = z.object({
  name: z.string().max(RECEIPT_LIMITS.maxName),
  /** Negative for a discount or a refund line. */
  amount: z.number().int(),
  quantity: z.number().positive(),
});
export type ReceiptItem = z.infer<typeof receiptItemSchema>;

/** A point of a photo, as shares (0..1) of its width and height from its top-left corner. */
export const photoPointSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
});
export type PhotoPoint = z.infer<typeof photoPointSchema>;

/**
 * Where the receipt was found in the photo: its four corners, clockwise from the top-left of
 * the print (so the first corner is the bottom-right one of a receipt photographed upside down).
 */
export const receiptOutlineSchema = z.tuple([
  photoPointSchema,
  photoPointSchema,
  photoPointSchema,
  photoPointSchema,
]);
export type ReceiptOutline = z.infer<typeof receiptOutlineSchema>;

/**
 * The answer of the receipt analysis. `total` and item amounts are minor units of
 * `currency_id` (the currency read on the receipt, else the event's). `confidence` (0..1) is
 * the estimated chance that `total` is right; the app words it ("please check" below 0.7).
 */
export const receiptAnalysisSchema = z.object({
  receipt_id: uuidSchema,
  total: z.number().int().nullable(),
  currency_id: currencyCodeSchema,
  /**
   * Estimated chance (0..1) that `currency_id` is the receipt's: high when its code or symbol
   * is printed beside the amounts, 0.5 when nothing printed says (the event's currency is
   * answered), lower when a mark shared by several currencies (a bare `$`) was read in an
   * event of another currency. Absent from analyses made before it existed.
   */
  currency_confidence: z.number().min(0).max(1).optional(),
  confidence: z.number().min(0).max(1),
  items: z.array(receiptItemSchema).max(RECEIPT_LIMITS.maxItems),
  date: isoDateSchema.nullable(),
  merchant: z.string().max(RECEIPT_LIMITS.maxName).nullable(),
  /** The text read from the image, for the person to check against. */
  text: z.string().max(RECEIPT_LIMITS.maxText),
  /** What read it: the built-in OCR, or the configured vision model. */
  source: z.enum(['ocr', 'model']),
  /**
   * The receipt's outline in the stored photo when it was found on a background (a photo);
   * null for a scan or when no outline stood out. Absent from analyses made before it existed.
   */
  outline: receiptOutlineSchema.nullable().optional(),
});
export type ReceiptAnalysis = z.infer<typeof receiptAnalysisSchema>;
