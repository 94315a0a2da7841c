/**
 * Reading receipts offline: OCR (tesseract.js, a bounded pool of workers) and a parser of the
 * text. `createReceiptReader` is the entry; `parseReceiptText` parses text alone.
 */
export { OcrClosedError, OcrQueueFullError } from './ocr-pool';
export type { ReadingLog } from './reading-log';
export { type ParseOptions, parseReceiptText } from './receipt-parser';
export {
  createReceiptReader,
  type ReceiptReader,
  type ReceiptReaderOptions,
} from './receipt-reader';
export type { ParsedReceipt, ReadItem, ReceiptReading } from './receipt-types';
