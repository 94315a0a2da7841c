import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Worker as NodeWorker } from 'node:worker_threads';
import Tesseract from 'tesseract.js';
import { describeError, type ReadingLog } from './reading-log';

/**
 * How tesseract cuts the page into lines. `column` (PSM 4) keeps a label and its amount on one
 * line, which is how receipts are printed; `block` (PSM 6) reads one uniform block; `auto`
 * (PSM 3) finds columns on its own, better for odd layouts.
 */
export type OcrPageSegmentation = 'auto' | 'column' | 'block';

const PSM_OF: Record<OcrPageSegmentation, Tesseract.PSM> = {
  auto: Tesseract.PSM.AUTO,
  column: Tesseract.PSM.SINGLE_COLUMN,
  block: Tesseract.PSM.SINGLE_BLOCK,
};

/** The text of one recognition and tesseract's mean word confidence (0..100). */
export interface OcrText {
  text: string;
  confidence: number;
}

/**
 * The English model shipped in `@tesseract.js-data/eng`, read from disk: without an explicit
 * local `langPath` tesseract.js fetches it from a CDN, which the server must never need.
 */
function englishModelFolder(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

export interface OcrEngineOptions {
  log: ReadingLog;
  recognizeTimeoutMs: number;
}

/**
 * One tesseract worker thread, started on first use and restarted after it dies or hangs.
 * Jobs come one at a time (the pool hands an engine to one task only).
 */
export class OcrEngine {
  #worker: Promise<Tesseract.Worker> | null = null;
  #segmentation: OcrPageSegmentation | null = null;
  /** Rejects the recognition in progress when the thread itself fails or exits. */
  #onDeath: ((error: Error) => void) | null = null;
  #current: Promise<unknown> | null = null;
  /** The live thread, so that events of one already ended are told apart. */
  #thread: NodeWorker | null = null;

  constructor(private readonly options: OcrEngineOptions) {}

  async start(): Promise<void> {
    await this.#ready();
  }

  async recognize(image: Buffer, segmentation: OcrPageSegmentation): Promise<OcrText> {
    const job = this.#recognize(image, segmentation);
    this.#current = job;
    try {
      return await job;
    } finally {
      this.#current = null;
    }
  }

  /** Ends the thread once the recognition in progress (if any) is done. */
  async stop(): Promise<void> {
    await this.#current?.catch(() => {});
    this.#discard();
  }

  async #recognize(image: Buffer, segmentation: OcrPageSegmentation): Promise<OcrText> {
    let broken = false;
    let timer: NodeJS.Timeout | undefined;
    const death = new Promise<never>((_, reject) => {
      this.#onDeath = (error) => {
        broken = true;
        reject(error);
      };
      timer = setTimeout(
        () =>
          this.#onDeath?.(new Error(`OCR gave no answer in ${this.options.recognizeTimeoutMs} ms`)),
        this.options.recognizeTimeoutMs,
      );
    });
    try {
      // The start is raced too: a thread that dies while loading never answers tesseract.js.
      const worker = await Promise.race([this.#ready(), death]);
      if (this.#segmentation !== segmentation) {
        await Promise.race([
          worker.setParameters({
            tessedit_pageseg_mode: PSM_OF[segmentation],
            debug_file: '/dev/null',
            tessedit_do_invert: '0',
          }),
          death,
        ]);
        this.#segmentation = segmentation;
      }
      const { data } = await Promise.race([worker.recognize(image), death]);
      return { text: data.text, confidence: data.confidence };
    } catch (error) {
      // A rejected job leaves the thread usable; one that hung or died does not: start anew.
      if (broken) this.#discard();
      // tesseract.js rejects with the worker's message as a plain string.
      throw error instanceof Error ? error : new Error(`OCR failed: ${String(error)}`);
    } finally {
      clearTimeout(timer);
      this.#onDeath = null;
    }
  }

  #ready(): Promise<Tesseract.Worker> {
    if (!this.#worker) {
      const starting = this.#spawn();
      this.#worker = starting;
      // A failed start is reported to the task that waited for it; the next task tries again.
      starting.catch(() => {
        if (this.#worker === starting) this.#worker = null;
      });
    }
    return this.#worker;
  }

  async #spawn(): Promise<Tesseract.Worker> {
    const { log } = this.options;
    this.#segmentation = null;
    const worker = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
      langPath: englishModelFolder(),
      gzip: true,
      cacheMethod: 'none',
      // Without a handler tesseract.js throws a job's failure from its message listener,
      // which no caller can catch and which would end the process.
      errorHandler: (error: unknown) => log.warn(describeError(error), 'OCR job failed'),
    }).catch((error: unknown) => {
      log.error(describeError(error), 'OCR worker failed to start');
      throw error instanceof Error ? error : new Error(`OCR worker failed to start: ${error}`);
    });
    // tesseract.js hands out its thread as `worker` without typing it. A thread's own failure
    // is an 'error' event, which would end the process if nobody listened.
    const { worker: thread } = worker as unknown as { worker: NodeWorker };
    this.#thread = thread;
    // Leptonica and tesseract write their chatter ("Error in boxClipToRectangle…", harmless) to
    // the thread's stderr, which Node copies to the server's: it goes to the debug log instead.
    thread.stderr.unpipe(process.stderr);
    thread.stderr.setEncoding('utf8');
    thread.stderr.on('data', (chunk: string) =>
      log.debug({ ocr: chunk.trim() }, 'OCR engine said'),
    );
    thread.stderr.resume();
    thread.on('error', (error) => {
      log.error(describeError(error), 'OCR worker crashed');
      if (this.#thread === thread) this.#fail(new Error(`OCR worker crashed: ${error.message}`));
    });
    thread.on('exit', (code) => {
      if (this.#thread !== thread) return;
      log.warn({ code }, 'OCR worker exited');
      this.#fail(new Error(`OCR worker exited with code ${code}`));
    });
    return worker;
  }

  /** The thread is gone: reject what waits on it and forget it, so the next job starts anew. */
  #fail(error: Error): void {
    this.#worker = null;
    this.#thread = null;
    const reject = this.#onDeath;
    this.#onDeath = null;
    reject?.(error);
  }

  #discard(): void {
    const worker = this.#worker;
    this.#worker = null;
    this.#thread = null;
    if (!worker) return;
    // Not awaited: a thread that hung while starting never resolves; it is ended if it does.
    worker.then(
      (started) => started.terminate(),
      () => {},
    );
  }
}
