import { LIMITS } from '@quits/contract';
import { executeRows } from '@server/db/connection';
import { recurrences } from '@server/db/schema';
import { writeEvent } from '@server/events/event-write';
import { HttpError } from '@server/http/http-error';
import { startPeriodicJob } from '@server/periodic-job';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { makeDueOccurrences } from './occurrences';

/** Series looked at per run at most; what is left waits for the next run. */
const SERIES_PER_RUN = 200;

/**
 * Series of one event looked at per run at most: an event with thousands of due series takes its
 * turn beside the others instead of filling every run.
 */
const SERIES_PER_EVENT_PER_RUN = 20;

/** Occurrences are written by the server itself: no device, nobody's "who am I". */
const SERVER = { deviceId: null, whoAmI: null };

/**
 * Makes every occurrence due as of `now`, in each event's own time zone, and answers how many
 * it made. Safe on any number of instances at once and after a restart: each series is worked
 * on under its event's lock and re-read there, and each occurrence is keyed by series and date,
 * so none is ever made twice. A series of a closed, deleted or full event waits; one that fails
 * is logged and tried again on the next run, the others go on. No event takes more than
 * SERIES_PER_EVENT_PER_RUN of a run's SERIES_PER_RUN.
 */
export async function runDueRecurrences(app: FastifyInstance, now: Date): Promise<number> {
  // Today is at most a day ahead of UTC in any time zone; the exact day is the event's.
  const horizon = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  // A full event's series make nothing and wait (occurrences.ts): they are not picked at all,
  // or the longest-waiting of them would win every run and no other event's would come.
  const due = await executeRows<{ id: string; event_id: string }>(
    app.db,
    sql`
    SELECT id, event_id FROM (
      SELECT r.id, r.event_id, r.next_date,
        row_number() OVER (PARTITION BY r.event_id ORDER BY r.next_date, r.id) AS turn
      FROM recurrences r
      JOIN events e ON e.id = r.event_id AND e.deleted_at IS NULL AND e.closed_at IS NULL
        AND e.item_count < ${LIMITS.maxItems}
      WHERE r.next_date <= ${horizon}::date AND r.paused_at IS NULL AND r.stopped_at IS NULL
        AND r.deleted_at IS NULL
    ) due
    WHERE turn <= ${SERIES_PER_EVENT_PER_RUN}
    ORDER BY next_date, id
    LIMIT ${SERIES_PER_RUN}`,
  );
  const sources = { currencies: app.currencies, history: app.rateHistory };
  let made = 0;
  for (const { id, event_id: eventId } of due) {
    try {
      made += await writeEvent(app, eventId, SERVER, async (write) => {
        const [series] = await write.tx
          .select()
          .from(recurrences)
          .where(eq(recurrences.id, id))
          .for('update');
        return series ? makeDueOccurrences(write, sources, series, now) : 0;
      });
    } catch (error) {
      // Closed or deleted meanwhile: it waits. Anything else is a fault to see in the log,
      // by the series' id: the event's id is the secret in its link and never logged
      // (docs/SECURITY.md); the series leads an operator to it in the database.
      if (error instanceof HttpError && error.statusCode < 500) continue;
      app.log.error({ err: error, recurrence_id: id }, 'a recurring expense failed');
    }
  }
  return made;
}

/** Looks for due occurrences every minute, outside any request; answers the function that stops it. */
export function startRecurrenceRunner(app: FastifyInstance): () => Promise<void> {
  return startPeriodicJob({
    name: 'making recurring expenses',
    everyMs: 60 * 1000,
    firstAfterMs: 5 * 1000,
    log: app.log,
    run: async () => {
      const made = await runDueRecurrences(app, new Date());
      if (made > 0) app.log.info({ made }, 'recurring expenses made');
    },
  });
}
