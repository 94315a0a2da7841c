import type { ChangeNotice } from '@server/realtime/change-channel';

interface Known {
  version: number;
  deleted: boolean;
}

/**
 * The current version of recently read events, kept exact by the stream of committed changes,
 * so that a read of an unchanged event needs no database round trip.
 *
 * It is only trusted while the stream is whole: on PGlite every write passes through this
 * process; on PostgreSQL other instances' writes arrive by LISTEN, and while that connection is
 * down nothing here is used. A version read from the database is only remembered when the
 * stream was trusted, in the same epoch, from before the read began until after it ended — a
 * read that straddles a reconnection might have missed a change.
 */
export class KnownVersions {
  readonly #known = new Map<string, Known>();
  #trusted: boolean;
  #epoch = 0;

  constructor(
    trusted: boolean,
    private readonly maxEntries = 10_000,
  ) {
    this.#trusted = trusted;
  }

  /** The event's version if known for sure; `undefined` means "ask the database". */
  lookup(eventId: string): Known | undefined {
    return this.#trusted ? this.#known.get(eventId) : undefined;
  }

  /** Call before reading a version from the database; pass the result to `remember`. */
  epoch(): number | null {
    return this.#trusted ? this.#epoch : null;
  }

  /** Remembers a version read from the database (see `epoch`). */
  remember(epoch: number | null, eventId: string, known: Known): void {
    if (epoch === null || epoch !== this.#epoch || !this.#trusted) return;
    this.#note(eventId, known);
  }

  /** A committed change, from this instance or (through LISTEN) another. */
  noteChange(notice: ChangeNotice): void {
    if (!this.#trusted) return;
    this.#note(notice.eventId, { version: notice.version, deleted: notice.deleted });
  }

  /** The stream broke: forget everything and ask the database until it is whole again. */
  distrust(): void {
    this.#trusted = false;
    this.#epoch += 1;
    this.#known.clear();
  }

  /** The stream is whole again (LISTEN is active): start remembering afresh. */
  trust(): void {
    this.#epoch += 1;
    this.#trusted = true;
  }

  #note(eventId: string, known: Known): void {
    const current = this.#known.get(eventId);
    // Notices and reads may arrive out of order; versions only grow.
    if (current && current.version >= known.version) return;
    this.#known.delete(eventId);
    this.#known.set(eventId, known);
    if (this.#known.size > this.maxEntries) {
      const oldest = this.#known.keys().next().value;
      if (oldest !== undefined) this.#known.delete(oldest);
    }
  }
}
