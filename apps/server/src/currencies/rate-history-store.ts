import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { type DatedRate, ecbRateOn, type RateDay, rateDayOn } from '@quits/domain';
import { type Database, executeRows } from '@server/db/connection';
import { ecbRates } from '@server/db/schema';
import { asc, sql } from 'drizzle-orm';
import { HISTORY_PATH } from './build-rates-history';
import { RATES_SNAPSHOT } from './rates-snapshot';

/** Days per INSERT: each goes as one JSON parameter, which is far quicker than a row's three. */
const BATCH = 2000;

let shippedCache: RateDay[] | null = null;

/** The shipped history, read once per process. */
function shippedHistory(): RateDay[] {
  shippedCache ??= readShippedHistory();
  return shippedCache;
}

/** Reads the shipped history (see build-rates-history.ts): one line per column, days across. */
export function readShippedHistory(path = HISTORY_PATH): RateDay[] {
  const lines = gunzipSync(readFileSync(path)).toString('utf8').trim().split('\n');
  const [dateLine, ...currencyLines] = lines.map((line) => line.split(','));
  const dates = (dateLine ?? []).slice(1);
  const days: RateDay[] = dates.map((date) => ({ date, per_euro: {} }));
  for (const [code, ...rates] of currencyLines) {
    rates.forEach((rate, index) => {
      const day = days[index];
      if (rate !== '' && day && code) (day.per_euro as Record<string, number>)[code] = Number(rate);
    });
  }
  return days;
}

/**
 * The ECB's reference rates of every published day, for lookups by date: the shipped history,
 * read from the repository's file, and the days it lacks (the shipped snapshot, RATES_URL's),
 * kept in the database.
 */
export class RateHistoryStore {
  #days: RateDay[] = [];
  readonly #shippedDates: ReadonlySet<string>;

  private constructor(
    private readonly db: Database,
    private readonly shipped: readonly RateDay[],
  ) {
    this.#shippedDates = new Set(shipped.map((day) => day.date));
  }

  /** Adds the shipped snapshot unless it is in already, then reads every day. */
  static async open(db: Database, shipped: readonly RateDay[] = shippedHistory()) {
    const store = new RateHistoryStore(db, shipped);
    await store.#insert([RATES_SNAPSHOT], 'snapshot');
    await store.reload();
    return store;
  }

  /** The last day known, or null when there is none. */
  get lastDate(): string | null {
    return this.#days.at(-1)?.date ?? null;
  }

  get days(): readonly RateDay[] {
    return this.#days;
  }

  /** Units of `to` for one unit of `from` on `date` (the last published day on or before it). */
  rateOn(from: string, to: string, date: string): DatedRate | null {
    return ecbRateOn(this.#days, from, to, date);
  }

  /** The day's rates as the ECB published them (the last day on or before `date`). */
  dayOn(date: string): RateDay | null {
    return rateDayOn(this.#days, date);
  }

  /** Adds the days the store lacks (a day it has is never changed); answers how many were new. */
  async addDays(days: readonly RateDay[], source: string): Promise<number> {
    const added = await this.#insert(days, source);
    if (added > 0) await this.reload();
    return added;
  }

  /** Reads the days the database keeps and puts them with the shipped ones. */
  async reload(): Promise<void> {
    const rows = await this.db.select().from(ecbRates).orderBy(asc(ecbRates.date));
    const byDate = new Map(this.shipped.map((day) => [day.date, day]));
    for (const row of rows) {
      if (!byDate.has(row.date)) byDate.set(row.date, { date: row.date, per_euro: row.perEuro });
    }
    this.#days = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  }

  /** Stores the days not shipped (a shipped day is never changed); answers how many were new. */
  async #insert(all: readonly RateDay[], source: string): Promise<number> {
    const days = all.filter((day) => !this.#shippedDates.has(day.date));
    let added = 0;
    for (let start = 0; start < days.length; start += BATCH) {
      const part = JSON.stringify(
        days.slice(start, start + BATCH).map((day) => ({ date: day.date, per_euro: day.per_euro })),
      );
      const inserted = await executeRows<{ date: string }>(
        this.db,
        sql`
        INSERT INTO ecb_rates (date, per_euro, source)
        SELECT day.date, day.per_euro, ${source}
        FROM jsonb_to_recordset(${part}::jsonb) AS day(date date, per_euro jsonb)
        ON CONFLICT (date) DO NOTHING
        RETURNING date`,
      );
      added += inserted.length;
    }
    return added;
  }
}
