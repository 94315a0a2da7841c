import { type Database, executeRows } from '@server/db/connection';
import type { ReclaimSpace } from '@server/db/space-reclaim';
import { RESTORE_WINDOW_MS } from '@server/events/event-gone';
import { startPeriodicJob } from '@server/periodic-job';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

/** A file no entry lists is kept this long after its upload: time to save the entry it is for. */
export const UNLISTED_ATTACHMENT_MS = 24 * 60 * 60 * 1000;

/** How often the sweep runs; a file lives at most this much past its time. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The first sweep after a start: soon, but not in the way of the start itself. */
const FIRST_SWEEP_MS = 90 * 1000;

/** Rows deleted per statement, so that a large backlog never holds one long transaction. */
const BATCH = 100;

/**
 * Deletes the attachments that were uploaded more than a day before `now` and that nothing
 * keeps: no live expense or payment lists them, no entry deleted within the restore window
 * (which may come back with them), and no recurring expense still to make its first occurrence.
 * An entry deleted longer ago loses its files with this sweep. Answers how many were deleted.
 * Safe on several instances at once and after a restart: each statement deletes what is
 * unkept at that moment, and a row another instance deleted first is simply not there.
 */
export async function sweepAttachments(db: Database, now: Date): Promise<number> {
  const uploadedBefore = new Date(now.getTime() - UNLISTED_ATTACHMENT_MS).toISOString();
  const deletedAfter = new Date(now.getTime() - RESTORE_WINDOW_MS).toISOString();
  let deleted = 0;
  for (;;) {
    const rows = await executeRows<{ id: string }>(
      db,
      sql`DELETE FROM attachments WHERE id IN (
            SELECT a.id FROM attachments a
            WHERE a.created_at < ${uploadedBefore}::timestamptz
              AND NOT EXISTS (
                SELECT 1 FROM expenditures e
                WHERE e.event_id = a.event_id
                  AND (e.deleted_at IS NULL OR e.deleted_at > ${deletedAfter}::timestamptz)
                  AND e.attachments @> jsonb_build_array(jsonb_build_object('id', a.id::text)))
              AND NOT EXISTS (
                SELECT 1 FROM payments p
                WHERE p.event_id = a.event_id
                  AND (p.deleted_at IS NULL OR p.deleted_at > ${deletedAfter}::timestamptz)
                  AND p.attachments @> jsonb_build_array(jsonb_build_object('id', a.id::text)))
              AND NOT EXISTS (
                SELECT 1 FROM recurrences r
                WHERE r.event_id = a.event_id AND r.next_index = 0
                  AND r.stopped_at IS NULL AND r.deleted_at IS NULL
                  AND r.expense -> 'attachments'
                    @> jsonb_build_array(jsonb_build_object('id', a.id::text)))
            LIMIT ${BATCH})
          RETURNING id`,
    );
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}

/** One run of the sweep: deletes what nothing keeps, then gives its room back. */
export async function runAttachmentSweep(
  db: Database,
  reclaim: ReclaimSpace,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<number> {
  const deleted = await sweepAttachments(db, now);
  if (deleted === 0) return 0;
  log.info({ deleted }, 'attachments nothing keeps deleted');
  await reclaim(['attachments']);
  return deleted;
}

/** Runs the sweep hourly, outside any request; answers the function that stops it. */
export function startAttachmentSweep(
  db: Database,
  reclaim: ReclaimSpace,
  log: FastifyBaseLogger,
): () => Promise<void> {
  return startPeriodicJob({
    name: 'the attachment sweep',
    everyMs: SWEEP_EVERY_MS,
    firstAfterMs: FIRST_SWEEP_MS,
    log,
    run: async () => {
      await runAttachmentSweep(db, reclaim, log);
    },
  });
}
