/** Thrown by `ConcurrencyGate.run` when as many tasks wait as the gate lets wait: answer 503. */
export class GateFullError extends Error {
  override readonly name = 'GateFullError';
  constructor(waiting: number) {
    super(`${waiting} tasks already wait their turn`);
  }
}

/**
 * Runs at most `limit` tasks at once; the others wait their turn, first come first served. With
 * `maxWaiting`, one more task than that many waiting is refused at once (`GateFullError`), so
 * that a burst holds neither unbounded memory nor a wait longer than the client's.
 */
export class ConcurrencyGate {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running < this.limit) this.#running += 1;
    else if (this.#waiting.length >= this.maxWaiting) throw new GateFullError(this.#waiting.length);
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next task, so the count never drops below the truth.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
