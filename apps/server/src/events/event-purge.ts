import { type Database, executeRows } from '@server/db/connection';
import type { ReclaimSpace } from '@server/db/space-reclaim';
import { startPeriodicJob } from '@server/periodic-job';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
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

/** Purges hourly, outside any request, giving the room of what it removed back. */
export function startEventPurge(
  db: Database,
  reclaim: ReclaimSpace,
  log: FastifyBaseLogger,
): () => Promise<void> {
  return startPeriodicJob({
    name: 'purging deleted events',
    everyMs: 60 * 60 * 1000,
    firstAfterMs: 60 * 1000,
    log,
    run: async () => {
      const purged = await purgeDeletedEvents(db, new Date());
      if (purged === 0) return;
      log.info({ purged }, 'deleted events purged');
      await reclaim('everything');
    },
  });
}
