import {
  type ImagePlan,
  type ImageTreatment,
  planImage,
  treatImage,
  turnPlan,
} from './image-variants';
import type { OcrPageSegmentation } from './ocr-engine';
import { OcrPool, type OcrSession } from './ocr-pool';
import { type ReadingLog, silentLog } from './reading-log';
import { voteReadings } from './reading-vote';
import { parseReceiptDetailed } from './receipt-parser';
import type { ReceiptReading } from './receipt-types';

export interface ReceiptReaderOptions {
  /** Tesseract workers reading at once (default 2: one per core of a small server). */
  workers?: number;
  /**
   * Receipts waiting for a worker (default 10). One more makes `read` reject at once with
   * `OcrQueueFullError` (answer 503 with Retry-After): the wait and the memory stay bounded.
   */
  maxQueue?: number;
  /** A single recognition running longer is abandoned and its worker restarted (default 60 s). */
  recognizeTimeoutMs?: number;
  /**
   * Readings of one receipt at most, each in another image treatment, while the answer is
   * unsure (default 3; 1 reads each receipt once, faster and less often right).
   */
  passes?: number;
  log?: ReadingLog;
  /** Dates later than this are misreadings (tests pin it); defaults to the time of reading. */
  today?: () => Date;
}

export interface ReceiptReader {
  /**
   * Reads a receipt photo or scan (any image sharp decodes; EXIF orientation is applied).
   * Rejects at once with `OcrQueueFullError` when `maxQueue` receipts already wait,
   * `OcrClosedError` after `close()`, and with sharp's or tesseract's error when the image
   * cannot be read.
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

// The first pass reads most receipts: one block of lines, so that a price far right of its
// name stays on its line. The next ones run only while the answer is unsure, each seeing the
// print differently (taller letters, then stretched contrast and sharper edges) and letting
// tesseract find columns itself.
const PASSES: ReadingPass[] = [
  { treatment: 'standard', segmentation: 'block' },
  { treatment: 'larger', segmentation: 'column' },
  { treatment: 'contrast', segmentation: 'column' },
];

/** A total this sure, with a date, is not worth another look. */
const SURE_ENOUGH = 0.9;

/** Below this mean word confidence (0..100) a reading may be of upside-down print. */
const DOUBTFUL_OCR = 60;

interface PassResult {
  reading: ReceiptReading;
  /** Tesseract's mean word confidence over the bands (0..100). */
  ocrConfidence: number;
  /** The receipt's own arithmetic (parts, payment, items) gives the total read. */
  checked: boolean;
}

/**
 * Highest confidence of a total read from a photo that the receipt's arithmetic does not
 * confirm. Blur and noise make the same digit misread the same way in every pass (a 9 read as
 * an 8), so passes that agree do not back each other up as they do on a scan: only a sum that
 * comes out right does. Below 0.7, the app asks the person to check the total.
 */
const UNCHECKED_PHOTO_TOTAL = 0.65;

/** The voted answer, no surer than its evidence allows on a photo. */
export function answerOf(readings: ReceiptReading[], checkedTotals: Set<string>, photo: boolean) {
  const answer = voteReadings(readings);
  if (!photo || answer.total === null || checkedTotals.has(answer.total)) return answer;
  return { ...answer, confidence: Math.min(answer.confidence, UNCHECKED_PHOTO_TOTAL) };
}

async function readPass(
  session: OcrSession,
  plan: ImagePlan,
  pass: ReadingPass,
  today: Date,
): Promise<PassResult> {
  const bands = await treatImage(plan, pass.treatment);
  const texts = await session.recognizeAll(bands, pass.segmentation);
  const text = texts.map((band) => band.text.trimEnd()).join('\n');
  const ocrConfidence =
    texts.reduce((sum, band) => sum + band.confidence, 0) / Math.max(1, texts.length);
  const { candidates, ...parsed } = parseReceiptDetailed(text, { today });
  const evidence = candidates[0]?.evidence;
  const checked = Boolean(
    evidence && (evidence.partsAddUp || evidence.paymentMatches || evidence.itemsAddUp),
  );
  return { reading: { ...parsed, text }, ocrConfidence, checked };
}

/**
 * Reads with one pass after another until the voted answer is sure enough, or passes run out.
 * When the first reading is doubtful (few words tesseract is sure of, or no total), the print
 * is read once more turned half a turn, and the better way up is kept for the other passes.
 */
async function readReceipt(
  session: OcrSession,
  image: Buffer,
  today: Date,
  passes: ReadingPass[],
): Promise<ReceiptReading> {
  let plan = await planImage(image);
  const readings: ReceiptReading[] = [];
  const checkedTotals = new Set<string>();
  for (const [index, pass] of passes.entries()) {
    let result = await readPass(session, plan, pass, today);
    if (index === 0 && (result.ocrConfidence < DOUBTFUL_OCR || result.reading.total === null)) {
      const turned = turnPlan(plan);
      const other = await readPass(session, turned, pass, today);
      if (other.ocrConfidence > result.ocrConfidence + 10) {
        plan = turned;
        result = other;
      }
    }
    readings.push(result.reading);
    if (result.checked && result.reading.total !== null) checkedTotals.add(result.reading.total);
    // Another pass only while the readings disagree or miss the date: one that merely fails
    // to be confirmed by the arithmetic would be read the same way again.
    const voted = voteReadings(readings);
    if (voted.confidence >= SURE_ENOUGH && voted.date !== null) {
      return { ...answerOf(readings, checkedTotals, plan.outline !== null), outline: plan.outline };
    }
  }
  return { ...answerOf(readings, checkedTotals, plan.outline !== null), outline: plan.outline };
}

export function createReceiptReader(options: ReceiptReaderOptions = {}): ReceiptReader {
  const pool = new OcrPool({
    workers: options.workers ?? 2,
    maxQueue: options.maxQueue ?? 10,
    recognizeTimeoutMs: options.recognizeTimeoutMs ?? 60_000,
    log: options.log ?? silentLog,
  });
  const today = options.today ?? (() => new Date());
  const passes = PASSES.slice(0, Math.max(1, options.passes ?? PASSES.length));
  return {
    read: (image) => pool.run((session) => readReceipt(session, image, today(), passes)),
    warmUp: () => pool.warmUp(),
    close: () => pool.close(),
  };
}
