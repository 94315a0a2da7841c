export interface PushQueueOptions {
  /** Jobs running at once, in all. */
  concurrency: number;
  /** Jobs of one event running at once: an event with many slow browsers waits on itself. */
  perEvent: number;
  /** Jobs posting to one push service at once: a slow service cannot take every slot. */
  perHost: number;
  /** Jobs one event may have waiting; beyond it, its oldest is dropped. */
  maxWaitingPerEvent: number;
  /** Jobs waiting in all; beyond it, the oldest of the event with the most waiting is dropped. */
  maxWaiting: number;
  /** A job still running after this many milliseconds is given up on and reported. */
  taskTimeoutMs: number;
  onDropped(reason: 'full' | 'replaced' | 'closed', job: PushJob): void;
  onFailed(error: unknown): void;
}

/** One piece of background work for an event: a send, or the reads that lead to sends. */
export interface PushJob {
  event: string;
  /** The push service it posts to; null for work that posts nowhere. */
  host: string | null;
  /** A later job with the same key replaces this one while it waits (the newer message). */
  key?: string;
  run(): Promise<void>;
}

/**
 * A bounded, fair queue of background work (push sends): events take turns (round robin), and
 * no event nor push service runs more than its share at once, so that one event with hundreds
 * of unanswering browsers delays only itself. Never runs a job in the caller's turn, so a
 * request that adds work answers without waiting for it.
 */
export class PushQueue {
  // Waiting jobs per event, events in turn order: the next to serve first.
  readonly #lanes = new Map<string, PushJob[]>();
  readonly #byKey = new Map<string, PushJob>();
  readonly #runningPerEvent = new Map<string, number>();
  readonly #runningPerHost = new Map<string, number>();
  readonly #running = new Set<Promise<void>>();
  readonly #idle = new Set<() => void>();
  #waiting = 0;
  #closed = false;

  constructor(private readonly options: PushQueueOptions) {}

  /** Jobs waiting and running. */
  get size(): number {
    return this.#waiting + this.#running.size;
  }

  /** Jobs waiting for their turn. */
  get waiting(): number {
    return this.#waiting;
  }

  add(job: PushJob): void {
    if (this.#closed) {
      this.options.onDropped('closed', job);
      return;
    }
    const lane = this.#lanes.get(job.event) ?? [];
    const older = job.key === undefined ? undefined : this.#byKey.get(job.key);
    const at = older ? lane.indexOf(older) : -1;
    if (older && at >= 0) {
      // Same browser, same expense: only the newer message is worth sending.
      lane[at] = job;
      this.#byKey.set(older.key ?? '', job);
      this.options.onDropped('replaced', older);
      return;
    }
    if (lane.length >= this.options.maxWaitingPerEvent) this.#dropOldest(job.event);
    else if (this.#waiting >= this.options.maxWaiting) this.#dropOldest(this.#longestLane());
    // A new event joins at the back of the turn order; one already waiting keeps its place.
    const joined = this.#lanes.get(job.event);
    if (joined) joined.push(job);
    else this.#lanes.set(job.event, [job]);
    this.#waiting += 1;
    if (job.key !== undefined) this.#byKey.set(job.key, job);
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
    for (const lane of this.#lanes.values()) {
      for (const job of lane) this.options.onDropped('closed', job);
    }
    this.#lanes.clear();
    this.#byKey.clear();
    this.#waiting = 0;
  }

  #pump(): void {
    while (this.#running.size < this.options.concurrency) {
      const next = this.#takeNext();
      if (!next) break;
      this.#start(next);
    }
    if (this.size === 0) {
      for (const resolve of this.#idle) resolve();
      this.#idle.clear();
    }
  }

  /** The first job, in turn order, whose event and push service have a free slot. */
  #takeNext(): PushJob | undefined {
    const { perEvent, perHost } = this.options;
    for (const [event, lane] of this.#lanes) {
      if ((this.#runningPerEvent.get(event) ?? 0) >= perEvent) continue;
      const at = lane.findIndex(
        (job) => job.host === null || (this.#runningPerHost.get(job.host) ?? 0) < perHost,
      );
      const job = lane[at];
      if (!job) continue;
      lane.splice(at, 1);
      // Served: to the back of the turn order (or out of it, with nothing left to wait).
      this.#lanes.delete(event);
      if (lane.length > 0) this.#lanes.set(event, lane);
      this.#waiting -= 1;
      if (job.key !== undefined && this.#byKey.get(job.key) === job) this.#byKey.delete(job.key);
      return job;
    }
    return undefined;
  }

  #start(job: PushJob): void {
    count(this.#runningPerEvent, job.event, 1);
    if (job.host !== null) count(this.#runningPerHost, job.host, 1);
    const run: Promise<void> = this.#runWithTimeout(job)
      .catch((error: unknown) => this.options.onFailed(error))
      .finally(() => {
        count(this.#runningPerEvent, job.event, -1);
        if (job.host !== null) count(this.#runningPerHost, job.host, -1);
        this.#running.delete(run);
        this.#pump();
      });
    this.#running.add(run);
  }

  #dropOldest(event: string): void {
    const lane = this.#lanes.get(event);
    const oldest = lane?.shift();
    if (!lane || !oldest) return;
    if (lane.length === 0) this.#lanes.delete(event);
    this.#waiting -= 1;
    if (oldest.key !== undefined && this.#byKey.get(oldest.key) === oldest) {
      this.#byKey.delete(oldest.key);
    }
    this.options.onDropped('full', oldest);
  }

  #longestLane(): string {
    let longest = '';
    let most = -1;
    for (const [event, lane] of this.#lanes) {
      if (lane.length > most) [longest, most] = [event, lane.length];
    }
    return longest;
  }

  async #runWithTimeout(job: PushJob): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`gave up after ${this.options.taskTimeoutMs} ms`)),
        this.options.taskTimeoutMs,
      );
    });
    try {
      await Promise.race([job.run(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Adds `by` to a running count, forgetting it at zero (the maps hold only what runs). */
function count(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
