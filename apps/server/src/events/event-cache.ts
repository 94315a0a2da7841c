import type { Balances, Event } from '@quits/contract';

/** A serialised event at one version, with what is derived from it computed at most once. */
export interface CachedEvent {
  version: number;
  /** The global rates the entry was made with; a rates refresh makes it stale. */
  ratesVersion: string;
  etag: string;
  event: Event;
  /** `{ "data": event }`, serialised once and sent as it is to every reader. */
  body: Buffer;
  balances?: Balances;
}

/**
 * Serialised bytes of events kept at most, in all. An entry also holds the parsed event, a few
 * times its bytes, so this bounds the cache near a gigabyte however large and many the events
 * read are (one of 50,000 expenses is about 35 MB serialised).
 */
const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Least-recently-used cache of events by id, bounded by count and by serialised bytes.
 * Correct with several server instances because a reader always checks the entry's version
 * against the database first; the cache only saves rebuilding and re-serialising an event that
 * has not changed.
 */
export class EventCache {
  readonly #entries = new Map<string, CachedEvent>();
  #bytes = 0;

  constructor(
    private readonly maxEntries = 500,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
  ) {}

  get(eventId: string, version: number, ratesVersion: string): CachedEvent | undefined {
    const entry = this.#entries.get(eventId);
    if (!entry || entry.version !== version || entry.ratesVersion !== ratesVersion)
      return undefined;
    // Re-insert so that Map order is recency order.
    this.#entries.delete(eventId);
    this.#entries.set(eventId, entry);
    return entry;
  }

  set(eventId: string, entry: CachedEvent): void {
    const current = this.#entries.get(eventId);
    // Two readers may race; never replace a newer entry with an older one.
    if (current && current.version > entry.version) return;
    this.delete(eventId);
    // An event larger than the whole budget is served, not kept.
    if (entry.body.length > this.maxBytes) return;
    this.#entries.set(eventId, entry);
    this.#bytes += entry.body.length;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(eventId: string): void {
    const entry = this.#entries.get(eventId);
    if (!entry) return;
    this.#entries.delete(eventId);
    this.#bytes -= entry.body.length;
  }
}

export function eventEtag(version: number, ratesVersion: string): string {
  return `"${version}.${ratesVersion}"`;
}

/** True when an If-None-Match header (a list, weak tags or `*`) names `etag`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
