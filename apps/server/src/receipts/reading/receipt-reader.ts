import { type ImageTreatment, treatImage } from './image-variants';
import type { OcrPageSegmentation } from './ocr-engine';
import { OcrPool, type OcrSession } from './ocr-pool';
import { type ReadingLog, silentLog } from './reading-log';
import { type DetailedParse, parseReceiptDetailed } from './receipt-parser';
import type { ReceiptReading } from './receipt-types';

export interface ReceiptReaderOptions {
  /** Tesseract workers reading at once (default 2: one per core of a small server). */
  workers?: number;
  /**
   * Receipts waiting for a worker (default 16). One more makes `read` reject at once with
   * `OcrQueueFullError` (answer 503 with Retry-After): the wait and the memory stay bounded.
   */
  maxQueue?: number;
  /** A single recognition running longer is abandoned and its worker restarted (default 60 s). */
  recognizeTimeoutMs?: number;
  log?: ReadingLog;
}

export interface ReceiptReader {
  /**
   * Reads a receipt photo or scan (any image sharp decodes; EXIF orientation is applied).
   * Rejects with `OcrQueueFullError` when too many receipts wait, `OcrClosedError` after
   * `close()`, and with sharp's or tesseract's error when the image cannot be read.
   */
  read(image: Buffer): Promise<ReceiptReading>;
  /** Starts the OCR workers now, so the first reading does not pay for it. */
  warmUp(): Promise<void>;
  /** Refuses waiting receipts, lets running ones finish, ends the workers. */
  close(): Promise<void>;
}

/** One pass: how the image is treated and how tesseract cuts the page. */
interface ReadingPass {
  treatment: ImageTreatment;
  segmentation: OcrPageSegmentation;
}

// The first pass reads most receipts; the others only run when the first is unsure.
const PASSES: ReadingPass[] = [
  { treatment: 'gray', segmentation: 'column' },
  { treatment: 'contrast', segmentation: 'auto' },
  { treatment: 'sharp-threshold', segmentation: 'column' },
];

/** A total this sure is not worth a second look. */
const SURE_ENOUGH = 0.8;

interface PassResult {
  parse: DetailedParse;
  text: string;
}

async function readPass(
  session: OcrSession,
  image: Buffer,
  pass: ReadingPass,
): Promise<PassResult> {
  const treated = await treatImage(image, pass.treatment);
  const { text } = await session.recognize(treated, pass.segmentation);
  return { parse: parseReceiptDetailed(text), text };
}

/**
 * Two readings that agree on the total are more likely right than either alone: the best
 * reading's confidence rises when another pass found the same total.
 */
function combine(results: PassResult[]): PassResult {
  const ranked = [...results].sort((a, b) => b.parse.confidence - a.parse.confidence);
  const best = ranked[0];
  if (!best) throw new Error('no reading');
  const agreeing = ranked.filter((result) => result.parse.total === best.parse.total).length;
  const boost = best.parse.total !== null && agreeing > 1 ? 0.15 * (agreeing - 1) : 0;
  const confidence = Math.min(0.99, best.parse.confidence + boost);
  // The date and merchant may have been read better in another pass.
  const date = best.parse.date ?? ranked.find((result) => result.parse.date)?.parse.date ?? null;
  return { ...best, parse: { ...best.parse, confidence, date } };
}

export function createReceiptReader(options: ReceiptReaderOptions = {}): ReceiptReader {
  const pool = new OcrPool({
    workers: options.workers ?? 2,
    maxQueue: options.maxQueue ?? 16,
    recognizeTimeoutMs: options.recognizeTimeoutMs ?? 60_000,
    log: options.log ?? silentLog,
  });

  return {
    read: (image) =>
      pool.run(async (session) => {
        const results: PassResult[] = [];
        for (const pass of PASSES) {
          results.push(await readPass(session, image, pass));
          if (combine(results).parse.confidence >= SURE_ENOUGH) break;
        }
        const { parse, text } = combine(results);
        const { candidates: _ranking, ...reading } = parse;
        return { ...reading, text };
      }),
    warmUp: () => pool.warmUp(),
    close: () => pool.close(),
  };
}
