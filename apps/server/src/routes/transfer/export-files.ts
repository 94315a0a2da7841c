/** Thrown when too many different files wait to be built; the client is asked to come back. */
export class ExportsBusyError extends Error {
  override name = 'ExportsBusyError';
}

export interface ExportFilesOptions {
  /** Files built at once; each holds a whole event's file in memory while it is built. */
  building: number;
  /** Builds waiting for a turn at most; one more is refused with ExportsBusyError. */
  waiting: number;
  /** Bytes of built files kept for the next readers, in all; the least recently read go first. */
  keptBytes: number;
}

/**
 * An event's export files (JSON, CSV), built once per version of the event and kept: many
 * readers of the same version, at once or one after another, share one build and one buffer,
 * so memory grows with the number of distinct files, not with the number of readers. Builds of
 * different files take turns (`building` at once, `waiting` more in line), so that a burst of
 * exports of large events cannot hold every large file in memory at the same time.
 *
 * A key names the event, the format and the version (its ETag): a write makes a new key, so a
 * kept file is never stale, also with several instances; old keys simply age out.
 */
export class ExportFiles {
  readonly #kept = new Map<string, Buffer>();
  #keptBytes = 0;
  readonly #pending = new Map<string, Promise<Buffer>>();
  #building = 0;
  readonly #queue: (() => void)[] = [];

  constructor(private readonly options: ExportFilesOptions) {}

  /** Builds under way and waiting for their turn, for the metrics. */
  get load(): { jobs: number; waiting: number } {
    return { jobs: this.#building + this.#queue.length, waiting: this.#queue.length };
  }

  /** The file under `key`: kept, being built, or built now by `build` when its turn comes. */
  async get(key: string, build: () => Buffer | Promise<Buffer>): Promise<Buffer> {
    const kept = this.#kept.get(key);
    if (kept) {
      // Re-inserted so that Map order is recency order.
      this.#kept.delete(key);
      this.#kept.set(key, kept);
      return kept;
    }
    const pending = this.#pending.get(key);
    if (pending) return pending;
    const started = this.#build(key, build).finally(() => this.#pending.delete(key));
    this.#pending.set(key, started);
    return started;
  }

  async #build(key: string, build: () => Buffer | Promise<Buffer>): Promise<Buffer> {
    await this.#turn();
    try {
      const bytes = await build();
      this.#keep(key, bytes);
      return bytes;
    } finally {
      // The turn passes straight to the next build, so the count never drops below the truth.
      const next = this.#queue.shift();
      if (next) next();
      else this.#building -= 1;
    }
  }

  #turn(): Promise<void> {
    if (this.#building < this.options.building) {
      this.#building += 1;
      return Promise.resolve();
    }
    if (this.#queue.length >= this.options.waiting) {
      return Promise.reject(new ExportsBusyError('too many exports are being built'));
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }

  /** A file larger than everything kept is sent and forgotten. */
  #keep(key: string, bytes: Buffer): void {
    if (bytes.length > this.options.keptBytes) return;
    this.#kept.set(key, bytes);
    this.#keptBytes += bytes.length;
    for (const [oldKey, old] of this.#kept) {
      if (this.#keptBytes <= this.options.keptBytes) break;
      this.#kept.delete(oldKey);
      this.#keptBytes -= old.length;
    }
  }
}
