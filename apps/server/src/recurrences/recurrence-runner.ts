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

/** Occurrences are written by the server itself: no device, nobody's "who am I". */
const SERVER = { deviceId: null, whoAmI: null };

/**
 * Makes every occurrence due as of `now`, in each event's own time zone, and answers how many
 * it made. Safe on any number of instances at once and after a restart: each series is worked
 * on under its event's lock and re-read there, and each occurrence is keyed by series and date,
 * so none is ever made twice. A series of a closed or deleted event waits; one that fails is
 * logged and tried again on the next run, the others go on.
 */
export async function runDueRecurrences(app: FastifyInstance, now: Date): Promise<number> {
  // Today is at most a day ahead of UTC in any time zone; the exact day is the event's.
  const horizon = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  const due = await executeRows<{ id: string; event_id: string }>(
    app.db,
    sql`
    SELECT r.id, r.event_id FROM recurrences r
    JOIN events e ON e.id = r.event_id AND e.deleted_at IS NULL AND e.closed_at IS NULL
    WHERE r.next_date <= ${horizon}::date AND r.paused_at IS NULL AND r.stopped_at IS NULL
      AND r.deleted_at IS NULL
    ORDER BY r.next_date, r.id
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
      // Closed or deleted meanwhile: it waits. Anything else is a fault to see in the log.
      if (error instanceof HttpError && error.statusCode < 500) continue;
      app.log.error({ err: error, recurrenceId: id, eventId }, 'a recurring expense failed');
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
