import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, executeRows } from '../db/connection';
import { RESTORE_WINDOW_MS } from './event-gone';

/** Events removed per statement: each takes its rows with it, so one statement stays short. */
const PURGE_BATCH = 20;

/** Statements per run at most; what is left waits for the next run. */
const MAX_BATCHES_PER_RUN = 50;

/**
 * Removes for good the events deleted longer ago than the restore window, as of `now`, with
 * everything they held: people, expenses, payments, rates, history, push subscriptions and
 * receipt photos (stored in the `receipts` rows) go with the event row (ON DELETE CASCADE).
 * Answers how many events it removed.
 *
 * Safe to run anywhere, any number of times: an event is taken only with its row lock
 * (SKIP LOCKED — another instance purging, or a restore under way, keeps it), and only while
 * it is still deleted and old enough when that lock is held, so a restore that commits first
 * wins and one that comes after finds nothing (404).
 */
export async function purgeDeletedEvents(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - RESTORE_WINDOW_MS);
  let purged = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
    const rows = await executeRows<{ id: string }>(
      db,
      sql`
      DELETE FROM events
      WHERE id IN (
        SELECT id FROM events
        WHERE deleted_at IS NOT NULL AND deleted_at < ${cutoff.toISOString()}::timestamptz
        ORDER BY deleted_at
        LIMIT ${PURGE_BATCH}
        FOR UPDATE SKIP LOCKED
      ) AND deleted_at IS NOT NULL AND deleted_at < ${cutoff.toISOString()}::timestamptz
      RETURNING id`,
    );
    purged += rows.length;
    if (rows.length < PURGE_BATCH) break;
  }
  return purged;
}

/**
 * Purges now and then every `everyMs`, outside any request. A failed run is logged and the
 * next one tries again; runs never overlap. Returns a function that stops it, and waits for a
 * run under way (the database closes after it).
 */
export function startEventPurge(options: {
  db: Database;
  log: FastifyBaseLogger;
  everyMs: number;
  /** The clock; tests move it past the restore window. */
  now?: () => Date;
}): () => Promise<void> {
  const { db, log, everyMs, now = () => new Date() } = options;
  let running: Promise<void> | null = null;
  const purge = async () => {
    try {
      const purged = await purgeDeletedEvents(db, now());
      if (purged > 0) log.info({ purged }, 'deleted events purged');
    } catch (error) {
      log.error({ err: error }, 'purging deleted events failed; the next run tries again');
    }
  };
  const run = () => {
    running ??= purge().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  // The first run waits a little, so that it does not compete with the start.
  const first = setTimeout(() => void run(), Math.min(everyMs, 60_000));
  first.unref();
  return async () => {
    clearInterval(timer);
    clearTimeout(first);
    await running;
  };
}
