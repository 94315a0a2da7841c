import type { Currency, CurrencyList } from '@quits/contract';
import type { CurrencyInfo } from '@quits/domain';
import type { Database } from '@server/db/connection';
import { currencies, settings } from '@server/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import { globalRatesFromPerEuro } from './ecb-feed';
import isoCurrencies from './iso-4217.json' with { type: 'json' };
import { RATES_SNAPSHOT } from './rates-snapshot';

/** A day's rates as the ECB publishes them: units of each currency for one euro. */
export interface RatesFeed {
  date: string;
  source: string;
  per_euro: Readonly<Record<string, number>>;
}

interface RatesMeta {
  date: string;
  source: string;
}

const RATES_KEY = 'rates';

/**
 * The global currency list (every ISO 4217 currency with its digits, symbol, name and rate),
 * kept in the database so a refreshed rate survives a restart, and in memory for every request.
 */
export class CurrencyStore {
  #byId = new Map<string, Currency>();
  #infos: CurrencyInfo[] = [];
  #meta: RatesMeta | null = null;
  #body = Buffer.alloc(0);

  private constructor(private readonly db: Database) {}

  /** Seeds the list and the shipped rate snapshot when the database has older data, then loads. */
  static async open(db: Database): Promise<CurrencyStore> {
    const store = new CurrencyStore(db);
    await db
      .insert(currencies)
      .values(isoCurrencies.map(({ id, name, unit, decimals }) => ({ id, name, unit, decimals })))
      .onConflictDoUpdate({
        target: currencies.id,
        set: {
          name: sql`excluded.name`,
          unit: sql`excluded.unit`,
          decimals: sql`excluded.decimals`,
        },
      });
    const meta = await store.#readMeta();
    if (!meta || meta.date < RATES_SNAPSHOT.date) await store.applyRates(RATES_SNAPSHOT);
    else await store.reload();
    return store;
  }

  /** Changes whenever the rates do: part of every event's ETag. */
  get version(): string {
    return this.#meta?.date ?? 'none';
  }

  get ratesDate(): string | null {
    return this.#meta?.date ?? null;
  }

  get(id: string): Currency | undefined {
    return this.#byId.get(id);
  }

  /** Digits and rates only, as the money domain wants them. */
  infos(): readonly CurrencyInfo[] {
    return this.#infos;
  }

  /** `{ "data": { "data": [...] } }`, serialised once per rates version. */
  responseBody(): Buffer {
    return this.#body;
  }

  /** Replaces every global rate with the feed's; a currency it does not cover gets null. */
  async applyRates(feed: RatesFeed): Promise<void> {
    const rates = globalRatesFromPerEuro({ ...feed.per_euro });
    await this.db.transaction(async (tx) => {
      await tx.update(currencies).set({ rate: null });
      for (const [id, rate] of rates) {
        await tx.update(currencies).set({ rate }).where(eq(currencies.id, id));
      }
      const value: RatesMeta = { date: feed.date, source: feed.source };
      await tx
        .insert(settings)
        .values({ key: RATES_KEY, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    });
    await this.reload();
  }

  /** Reads the list again (after this or another instance changed it). */
  async reload(): Promise<void> {
    const rows = await this.db.select().from(currencies).orderBy(asc(currencies.id));
    const meta = await this.#readMeta();
    const list: Currency[] = rows.map((row) => ({
      id: row.id,
      unit: row.unit,
      name: row.name,
      decimals: row.decimals,
      rate: row.rate,
    }));
    this.#byId = new Map(list.map((currency) => [currency.id, currency]));
    this.#infos = list.map(({ id, decimals, rate }) => ({ id, decimals, rate }));
    this.#meta = meta;
    const body: { data: CurrencyList } = {
      data: { data: list, rates_date: meta?.date ?? null, rates_source: meta?.source ?? null },
    };
    this.#body = Buffer.from(JSON.stringify(body));
  }

  async #readMeta(): Promise<RatesMeta | null> {
    const [row] = await this.db.select().from(settings).where(eq(settings.key, RATES_KEY));
    return (row?.value as RatesMeta | undefined) ?? null;
  }
}
