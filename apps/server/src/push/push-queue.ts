export interface PushQueueOptions {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks waiting to run; more are dropped (and reported) rather than kept without bound. */
  maxWaiting: number;
  /** A task still running after this many milliseconds is given up on and reported. */
  taskTimeoutMs: number;
  onDropped(reason: 'full' | 'closed'): void;
  onFailed(error: unknown): void;
}

export type PushTask = () => Promise<void>;

/**
 * A bounded queue of background work (push sends): never runs a task in the caller's turn, so
 * a request that adds work answers without waiting for it.
 */
export class PushQueue {
  readonly #waiting: PushTask[] = [];
  readonly #running = new Set<Promise<void>>();
  readonly #idle = new Set<() => void>();
  #closed = false;

  constructor(private readonly options: PushQueueOptions) {}

  /** Tasks waiting and running. */
  get size(): number {
    return this.#waiting.length + this.#running.size;
  }

  add(task: PushTask): void {
    if (this.#closed || this.#waiting.length >= this.options.maxWaiting) {
      this.options.onDropped(this.#closed ? 'closed' : 'full');
      return;
    }
    this.#waiting.push(task);
    // Later, not now: the request that caused this has its answer to send first.
    setImmediate(() => this.#pump());
  }

  /**
   * Waits for the work taken, at most `graceMs` (work it adds meanwhile counts too); then drops
   * what still waits and takes nothing more. What still runs is left to its own timeout.
   */
  async close(graceMs: number): Promise<void> {
    if (this.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      const idle = new Promise<void>((resolve) => this.#idle.add(resolve));
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([idle, late]);
      clearTimeout(timer);
    }
    this.#closed = true;
    for (const _ of this.#waiting.splice(0)) this.options.onDropped('closed');
  }

  #pump(): void {
    while (this.#running.size < this.options.concurrency) {
      const task = this.#waiting.shift();
      if (!task) break;
      const run: Promise<void> = this.#runWithTimeout(task)
        .catch((error: unknown) => this.options.onFailed(error))
        .finally(() => {
          this.#running.delete(run);
          this.#pump();
        });
      this.#running.add(run);
    }
    if (this.size === 0) {
      for (const resolve of this.#idle) resolve();
      this.#idle.clear();
    }
  }

  async #runWithTimeout(task: PushTask): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`gave up after ${this.options.taskTimeoutMs} ms`)),
        this.options.taskTimeoutMs,
      );
    });
    try {
      await Promise.race([task(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
