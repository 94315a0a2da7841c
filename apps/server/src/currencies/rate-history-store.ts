import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { type DatedRate, ecbRateOn, type RateDay } from '@quits/domain';
import type { Database } from '@server/db/connection';
import { ecbRates } from '@server/db/schema';
import { asc, count, lte } from 'drizzle-orm';
import { HISTORY_PATH } from './build-rates-history';
import { RATES_SNAPSHOT } from './rates-snapshot';

/** Rows per INSERT while loading the shipped history: well under PostgreSQL's parameter limit. */
const BATCH = 1000;

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
 * The ECB's reference rates of every published day, kept in the database (the shipped history,
 * the shipped snapshot and the days read from RATES_URL) and in memory for lookups by date.
 */
export class RateHistoryStore {
  #days: RateDay[] = [];

  private constructor(private readonly db: Database) {}

  /** Loads the shipped history and snapshot unless they are in already, then reads every day. */
  static async open(db: Database, shipped: readonly RateDay[] = readShippedHistory()) {
    const store = new RateHistoryStore(db);
    const last = shipped.at(-1)?.date;
    if (last) {
      const [row] = await db
        .select({ days: count() })
        .from(ecbRates)
        .where(lte(ecbRates.date, last));
      if ((row?.days ?? 0) < shipped.length) await store.#insert(shipped, 'shipped');
    }
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
    let found: RateDay | null = null;
    for (const day of this.#days) {
      if (day.date > date) break;
      found = day;
    }
    return found;
  }

  /** Adds the days the store lacks (a day it has is never changed); answers how many were new. */
  async addDays(days: readonly RateDay[], source: string): Promise<number> {
    const added = await this.#insert(days, source);
    if (added > 0) await this.reload();
    return added;
  }

  async reload(): Promise<void> {
    const rows = await this.db.select().from(ecbRates).orderBy(asc(ecbRates.date));
    this.#days = rows.map((row) => ({ date: row.date, per_euro: row.perEuro }));
  }

  async #insert(days: readonly RateDay[], source: string): Promise<number> {
    let added = 0;
    for (let start = 0; start < days.length; start += BATCH) {
      const rows = days
        .slice(start, start + BATCH)
        .map((day) => ({ date: day.date, perEuro: { ...day.per_euro }, source }));
      const inserted = await this.db
        .insert(ecbRates)
        .values(rows)
        .onConflictDoNothing()
        .returning({ date: ecbRates.date });
      added += inserted.length;
    }
    return added;
  }
}
