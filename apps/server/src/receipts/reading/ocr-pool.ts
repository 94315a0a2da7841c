import { OcrEngine, type OcrPageSegmentation, type OcrText } from './ocr-engine';
import type { ReadingLog } from './reading-log';

/**
 * Thrown at once by `OcrPool.run` (and so by `ReceiptReader.read`) when every worker is busy
 * and `maxQueue` tasks already wait: the caller should answer 503 (or 429) with Retry-After,
 * not wait. Keeping the wait bounded is what keeps a burst of uploads from exhausting memory.
 */
export class OcrQueueFullError extends Error {
  override readonly name = 'OcrQueueFullError';
  constructor(readonly maxQueue: number) {
    super(`receipt reading is busy: ${maxQueue} receipts already wait`);
  }
}

/** Thrown by `OcrPool.run` after `close()`, and to the tasks still waiting when it closes. */
export class OcrClosedError extends Error {
  override readonly name = 'OcrClosedError';
  constructor() {
    super('receipt reading has stopped');
  }
}

export interface OcrPoolOptions {
  /** Tesseract workers (threads) reading at once; each holds ~40–80 MB once warm. */
  workers: number;
  /** Tasks waiting for a worker; one more is refused with `OcrQueueFullError`. */
  maxQueue: number;
  /** One recognition still running after this many milliseconds is abandoned (worker restarted). */
  recognizeTimeoutMs: number;
  log: ReadingLog;
}

/** What a task may do with the worker it was given: read images. */
export interface OcrSession {
  recognize(image: Buffer, segmentation: OcrPageSegmentation): Promise<OcrText>;
  /**
   * Reads several images (bands of one receipt), on this task's worker and on any worker idle
   * right now while no other task waits, so that one receipt is read faster on a quiet server
   * and never at the expense of another's turn. Texts come back in the images' order.
   */
  recognizeAll(images: Buffer[], segmentation: OcrPageSegmentation): Promise<OcrText[]>;
}

export type OcrTask<T> = (session: OcrSession) => Promise<T>;

interface Waiting {
  start(engine: OcrEngine): void;
  refuse(error: Error): void;
}

/**
 * A fixed set of tesseract workers, started on first use and then reused, with a bounded queue
 * in front. A task holds one worker for all its recognitions (a receipt read in several
 * treatments stays on one thread), so at most `workers` images are decoded and read at once.
 */
export class OcrPool {
  readonly #idle: OcrEngine[] = [];
  readonly #waiting: Waiting[] = [];
  readonly #engines: OcrEngine[] = [];
  readonly #running = new Set<Promise<unknown>>();
  #closed = false;

  constructor(private readonly options: OcrPoolOptions) {
    for (let index = 0; index < options.workers; index += 1) {
      const engine = new OcrEngine({
        log: options.log,
        recognizeTimeoutMs: options.recognizeTimeoutMs,
      });
      this.#engines.push(engine);
      this.#idle.push(engine);
    }
  }

  /** Tasks waiting for a worker (not counting those running). */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Starts every worker now rather than at the first task, so the first reading is not slow. */
  async warmUp(): Promise<void> {
    await Promise.all(this.#engines.map((engine) => engine.start()));
  }

  /** Runs `task` on a free worker, after those queued before it; rejects at once when full. */
  run<T>(task: OcrTask<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new OcrClosedError());
    const engine = this.#idle.pop();
    if (engine) return this.#runOn(engine, task);
    if (this.#waiting.length >= this.options.maxQueue) {
      return Promise.reject(new OcrQueueFullError(this.options.maxQueue));
    }
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push({
        start: (free) => {
          this.#runOn(free, task).then(resolve, reject);
        },
        refuse: reject,
      });
    });
  }

  /** Refuses the tasks still waiting, lets running ones finish, then stops every worker. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const waiting of this.#waiting.splice(0)) waiting.refuse(new OcrClosedError());
    await Promise.allSettled(this.#running);
    await Promise.all(this.#engines.map((engine) => engine.stop()));
  }

  async #runOn<T>(engine: OcrEngine, task: OcrTask<T>): Promise<T> {
    const running = task({
      recognize: (image, segmentation) => engine.recognize(image, segmentation),
      recognizeAll: (images, segmentation) => this.#recognizeAll(engine, images, segmentation),
    });
    this.#running.add(running);
    try {
      return await running;
    } finally {
      this.#running.delete(running);
      this.#release(engine);
    }
  }

  async #recognizeAll(
    own: OcrEngine,
    images: Buffer[],
    segmentation: OcrPageSegmentation,
  ): Promise<OcrText[]> {
    const borrowed: OcrEngine[] = [];
    while (borrowed.length < images.length - 1 && this.#waiting.length === 0) {
      const idle = this.#idle.pop();
      if (!idle) break;
      borrowed.push(idle);
    }
    const texts: OcrText[] = [];
    let next = 0;
    // Each engine takes the next image until none is left.
    const reading = [own, ...borrowed].map(async (engine) => {
      while (next < images.length) {
        const index = next;
        next += 1;
        texts[index] = await engine.recognize(images[index] as Buffer, segmentation);
      }
    });
    // Every engine must be done before a borrowed one goes back, even when one failed.
    const outcomes = await Promise.allSettled(reading);
    for (const engine of borrowed) this.#release(engine);
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    return texts;
  }

  #release(engine: OcrEngine): void {
    const next = this.#waiting.shift();
    if (next) next.start(engine);
    else this.#idle.push(engine);
  }
}
