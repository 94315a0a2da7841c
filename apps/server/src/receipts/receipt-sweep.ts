import { type Database, executeRows } from '@server/db/connection';
import type { ReclaimSpace } from '@server/db/space-reclaim';
import { startPeriodicJob } from '@server/periodic-job';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

/** A photo no expense points to is kept this long: time to fill in the expense it was for. */
export const UNATTACHED_RECEIPT_MS = 24 * 60 * 60 * 1000;

/** How often the sweep runs; a photo lives at most this much past its day. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The first sweep after a start: soon, but not in the way of the start itself. */
const FIRST_SWEEP_MS = 60 * 1000;

/**
 * Rows deleted per statement: deleting a receipt makes PostgreSQL look for expenses pointing to
 * it (its `set null` reference), so a run deletes in small batches rather than all at once.
 */
const BATCH = 100;

/**
 * Deletes the receipt photos that no expense points to (a live or a deleted, restorable one)
 * and that were stored before `now` less a day; answers how many. Safe to run on several
 * instances at once and again after a restart: each statement deletes what is unattached at
 * that moment, and a row another instance deleted first is simply not there.
 */
export async function sweepUnattachedReceipts(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - UNATTACHED_RECEIPT_MS).toISOString();
  let deleted = 0;
  for (;;) {
    const rows = await executeRows<{ id: string }>(
      db,
      sql`DELETE FROM receipts WHERE id IN (
            SELECT r.id FROM receipts r
            WHERE r.created_at < ${before}::timestamptz
              AND NOT EXISTS (SELECT 1 FROM expenditures e WHERE e.receipt_id = r.id)
            LIMIT ${BATCH})
          RETURNING id`,
    );
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}

/** Runs the sweep hourly, outside any request, giving the room of what it deleted back. */
export function startReceiptSweep(
  db: Database,
  reclaim: ReclaimSpace,
  log: FastifyBaseLogger,
): () => Promise<void> {
  return startPeriodicJob({
    name: 'the receipt sweep',
    everyMs: SWEEP_EVERY_MS,
    firstAfterMs: FIRST_SWEEP_MS,
    log,
    run: async () => {
      const deleted = await sweepUnattachedReceipts(db, new Date());
      if (deleted === 0) return;
      log.info({ deleted }, 'unattached receipt photos deleted');
      await reclaim(['receipts']);
    },
  });
}
