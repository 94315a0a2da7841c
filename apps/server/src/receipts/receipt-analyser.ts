import { parseAmount } from '@quits/domain';
import type { ReceiptFields } from './receipt-analysis';
import { readWithVisionModel, type VisionModelOptions } from './vision-model';

/** The built-in OCR reader (`createReceiptReader`), as the analyser uses it. */
export interface ReceiptReader {
  read(image: Buffer): Promise<ReceiptFields>;
  close(): Promise<void>;
}

export interface AnalyserLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The OCR reader, and how to tell its "every worker busy and the queue full" error. */
export interface LoadedReader {
  reader: ReceiptReader;
  isBusy(error: unknown): boolean;
}

export interface ReceiptAnalyserOptions {
  /**
   * Loads and makes the OCR reader; called on the first receipt only, so that a server (or a
   * test) that reads no receipt neither loads tesseract nor starts its workers.
   */
  loadReader: () => Promise<LoadedReader>;
  /** The configured vision model, if any. */
  model: VisionModelOptions | null;
  log: AnalyserLog;
}

export interface ReadResult {
  fields: ReceiptFields;
  source: 'ocr' | 'model';
}

/** Thrown when the OCR queue is full and nothing else read the receipt: answer 503. */
export class ReadingBusyError extends Error {
  override readonly name = 'ReadingBusyError';
  constructor() {
    super('receipt reading is busy');
  }
}

/** What a receipt reads as when its reading failed: nothing, for the person to type in. */
const NOTHING_READ: ReceiptFields = {
  total: null,
  currency_id: null,
  confidence: 0,
  items: [],
  date: null,
  merchant: null,
  text: '',
};

type Settled = { ok: true; fields: ReceiptFields } | { ok: false; error: unknown };

/**
 * Reads receipt photos: with the built-in OCR, and with the vision model too when one is
 * configured. Both start at once, so the OCR's reading is ready when the model fails, is slow
 * or answers nonsense; the model's reading wins when it has a total.
 */
export class ReceiptAnalyser {
  #reader: Promise<LoadedReader> | null = null;
  #closed = false;
  #readings = 0;

  constructor(private readonly options: ReceiptAnalyserOptions) {}

  /** OCR readings under way: running, or waiting for a worker. */
  get readings(): number {
    return this.#readings;
  }

  /** Throws `ReadingBusyError` when the OCR is full and no model reading replaces it. */
  async read(jpeg: Buffer): Promise<ReadResult> {
    const { model } = this.options;
    const ocr = this.#readWithOcr(jpeg);
    if (!model) return { fields: this.#ocrFields(await ocr), source: 'ocr' };

    const [fromModel, fromOcr] = await Promise.all([this.#readWithModel(jpeg, model), ocr]);
    if (fromModel) {
      const ocrFields = fromOcr.ok ? fromOcr.fields : null;
      return {
        fields: {
          ...fromModel,
          confidence: modelConfidence(fromModel, ocrFields),
          text: ocrFields?.text ?? '',
          outline: ocrFields?.outline ?? null,
        },
        source: 'model',
      };
    }
    return { fields: this.#ocrFields(fromOcr), source: 'ocr' };
  }

  /** Stops the OCR workers, if they were started; a reading after this is refused as busy. */
  async close(): Promise<void> {
    this.#closed = true;
    const loading = this.#reader;
    this.#reader = null;
    if (loading) await (await loading).reader.close();
  }

  async #readWithOcr(jpeg: Buffer): Promise<Settled> {
    if (this.#closed) return { ok: false, error: new ReadingBusyError() };
    this.#readings += 1;
    try {
      return await this.#readNow(jpeg);
    } finally {
      this.#readings -= 1;
    }
  }

  async #readNow(jpeg: Buffer): Promise<Settled> {
    if (!this.#reader) {
      this.#reader = this.options.loadReader();
      // A failed load is tried again by the next receipt rather than remembered.
      this.#reader.catch(() => {
        this.#reader = null;
      });
    }
    try {
      const { reader, isBusy } = await this.#reader;
      try {
        return { ok: true, fields: await reader.read(jpeg) };
      } catch (error) {
        return { ok: false, error: isBusy(error) ? new ReadingBusyError() : error };
      }
    } catch (error) {
      return { ok: false, error };
    }
  }

  /** The OCR's reading; a failure that is not "busy" is logged and reads as nothing. */
  #ocrFields(settled: Settled): ReceiptFields {
    if (settled.ok) return settled.fields;
    if (settled.error instanceof ReadingBusyError) throw settled.error;
    this.options.log.error({ err: settled.error }, 'receipt OCR failed');
    return NOTHING_READ;
  }

  /** The model's reading when it has a total that reads as an amount; null otherwise. */
  async #readWithModel(
    jpeg: Buffer,
    model: VisionModelOptions,
  ): Promise<Omit<ReceiptFields, 'confidence' | 'text'> | null> {
    try {
      const fields = await readWithVisionModel(jpeg, model);
      if (scaled(fields.total) === null) {
        this.options.log.warn({}, 'receipt model read no total; using the OCR reading');
        return null;
      }
      return fields;
    } catch (error) {
      this.options.log.warn({ err: error }, 'receipt model failed; using the OCR reading');
      return null;
    }
  }
}

/**
 * An amount as a positive integer of 1/10,000ths, the finest minor unit of any currency, so
 * amounts compare exactly before the receipt's currency is known; null when not an amount.
 */
function scaled(decimal: string | null): number | null {
  if (decimal === null) return null;
  const value = parseAmount(decimal, 4, 'en');
  return value !== null && value > 0 ? value : null;
}

/**
 * How sure the model's total is, from what backs it (a model states no confidence of its
 * own): the OCR read the same total, or the model's items add up to it.
 */
function modelConfidence(
  model: Omit<ReceiptFields, 'confidence' | 'text'>,
  ocr: ReceiptFields | null,
): number {
  const total = scaled(model.total);
  if (total === null) return 0;
  if (ocr && scaled(ocr.total) === total) return 0.95;
  const amounts = model.items.map((item) => parseAmount(item.amount, 4, 'en'));
  if (amounts.length >= 2 && amounts.every((amount) => amount !== null)) {
    const sum = amounts.reduce<number>((a, b) => a + (b ?? 0), 0);
    if (sum === total) return 0.9;
  }
  return 0.75;
}
