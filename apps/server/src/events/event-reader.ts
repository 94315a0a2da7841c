import type { Balances } from '@quits/contract';
import { buildRateTable, computeBalances, settle } from '@quits/domain';
import type { CurrencyStore } from '@server/currencies/currency-store';
import type { Database } from '@server/db/connection';
import { events } from '@server/db/schema';
import { HttpError, say } from '@server/http/http-error';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type CachedEvent, EventCache, eventEtag } from './event-cache';
import { loadEventSnapshot } from './event-snapshot';
import type { KnownVersions } from './known-versions';

/**
 * Reads events for GET requests: one indexed query for the current version, then the cached
 * serialisation when it is current, else one consistent reload (shared by concurrent readers).
 */
export class EventReader {
  readonly #cache = new EventCache();
  readonly #loading = new Map<string, Promise<CachedEvent | null>>();
  readonly #versionQuery;

  constructor(
    private readonly db: Database,
    private readonly currencies: CurrencyStore,
    private readonly known: KnownVersions,
  ) {
    this.#versionQuery = db
      .select({ version: events.version })
      .from(events)
      .where(and(eq(events.id, sql.placeholder('id')), isNull(events.deletedAt)))
      .prepare('event_version');
  }

  /** The live event's version, or null when it does not exist or was deleted. */
  async currentVersion(eventId: string): Promise<number | null> {
    const known = this.known.lookup(eventId);
    if (known) return known.deleted ? null : known.version;
    const epoch = this.known.epoch();
    const [row] = await this.#versionQuery.execute({ id: eventId });
    if (!row) return null;
    this.known.remember(epoch, eventId, { version: row.version, deleted: false });
    return row.version;
  }

  /** The ETag a reader at `version` gets; it also changes when the global rates do. */
  etag(version: number): string {
    return eventEtag(version, this.currencies.version);
  }

  /** The event at `version` or newer, or null when it was deleted meanwhile. */
  async read(eventId: string, version: number): Promise<CachedEvent | null> {
    const ratesVersion = this.currencies.version;
    const cached = this.#cache.get(eventId, version, ratesVersion);
    if (cached) return cached;
    const pending = this.#loading.get(eventId);
    if (pending) {
      const shared = await pending;
      if (shared && shared.version >= version && shared.ratesVersion === ratesVersion)
        return shared;
    }
    const load = this.#load(eventId, ratesVersion).finally(() => {
      if (this.#loading.get(eventId) === load) this.#loading.delete(eventId);
    });
    this.#loading.set(eventId, load);
    return load;
  }

  /** Balances and the suggested settlement, computed once per cached version. */
  balances(entry: CachedEvent): Balances {
    if (entry.balances) return entry.balances;
    const { event } = entry;
    const rates = buildRateTable(event.currency_id, event.currency_rates, this.currencies.infos());
    const { balances, missing_rates } = computeBalancesOrRefuse(() =>
      computeBalances({
        user_ids: event.users.map((user) => user.id),
        expenditures: event.expenditures,
        payments: event.payments,
        rates,
      }),
    );
    entry.balances = {
      currency_id: event.currency_id,
      balances,
      settlements: settle(balances),
      missing_rates,
    };
    return entry.balances;
  }

  async #load(eventId: string, ratesVersion: string): Promise<CachedEvent | null> {
    const snapshot = await loadEventSnapshot(this.db, eventId, (id) => this.currencies.get(id));
    if (!snapshot) return null;
    const entry: CachedEvent = {
      version: snapshot.version,
      ratesVersion,
      etag: eventEtag(snapshot.version, ratesVersion),
      event: snapshot.event,
      body: Buffer.from(JSON.stringify({ data: snapshot.event })),
    };
    this.#cache.set(eventId, entry);
    return entry;
  }
}

/**
 * Sums stay exact only below 2^53 minor units; amounts and rates are bounded so that a real
 * event never gets there, but a combination of extreme rates could. Say so instead of failing.
 * Anything that converts an event's amounts (balances, the CSV export) goes through this.
 */
export function computeBalancesOrRefuse<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new HttpError(422, say('amounts_too_large'), { currency_rates: [say('rate_too_large')] });
  }
}
