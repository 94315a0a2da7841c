/**
 * The events this instance knows to have no push subscription, so that a change to one of
 * them (the common case) costs no query to find whom to notify.
 *
 * Only "none" is remembered: finding the recipients needs their rows anyway. A subscription
 * makes "none" false, wherever it is saved: this instance forgets the event before and after
 * saving one; other instances hear of it through PostgreSQL's NOTIFY, and while that stream is
 * down nothing here is trusted. A "none" read from the database is only remembered when no
 * subscription was saved (here or, by the stream, anywhere) while it was being read.
 */
export class SubscriptionPresence {
  readonly #none = new Set<string>();
  #trusted: boolean;
  #epoch = 0;

  constructor(
    trusted: boolean,
    private readonly maxEntries = 10_000,
  ) {
    this.#trusted = trusted;
  }

  /** True when the event is known to have no subscription: nobody to notify. */
  knownEmpty(eventId: string): boolean {
    return this.#trusted && this.#none.has(eventId);
  }

  /** Call before reading the event's subscriptions; pass the result to `rememberEmpty`. */
  epoch(): number | null {
    return this.#trusted ? this.#epoch : null;
  }

  /** The read that began at `epoch` found no subscription for the event. */
  rememberEmpty(epoch: number | null, eventId: string): void {
    if (epoch === null || epoch !== this.#epoch || !this.#trusted) return;
    this.#none.delete(eventId);
    this.#none.add(eventId);
    if (this.#none.size > this.maxEntries) {
      const oldest = this.#none.values().next().value;
      if (oldest !== undefined) this.#none.delete(oldest);
    }
  }

  /** A subscription to the event is being saved, or was (here or on another instance). */
  subscribed(eventId: string): void {
    this.#epoch += 1;
    this.#none.delete(eventId);
  }

  /** The stream of other instances' subscriptions broke: ask the database until it is back. */
  distrust(): void {
    this.#trusted = false;
    this.#epoch += 1;
    this.#none.clear();
  }

  /** The stream is whole again: start remembering afresh. */
  trust(): void {
    this.#epoch += 1;
    this.#trusted = true;
  }
}
