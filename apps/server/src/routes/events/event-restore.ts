import { events } from '@server/db/schema';
import { eventGone, restorableUntil } from '@server/events/event-gone';
import { loadEventRates } from '@server/events/event-snapshot';
import { writeEvent } from '@server/events/event-write';
import { toEventSummary } from '@server/events/serializers';
import type { ClientContext } from '@server/http/client-context';
import { HttpError, say } from '@server/http/http-error';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * POST /events/{id}/restore: brings a deleted event back, with everything it held, within its
 * restore window. Restoring a live event changes nothing (a replayed restore); one that is not
 * there at all (never made, or purged) is a 404. The history records the restore.
 */
export async function restoreEvent(
  app: FastifyInstance,
  eventId: string,
  client: ClientContext,
  now: Date = new Date(),
): Promise<void> {
  try {
    await writeEvent(
      app,
      eventId,
      client,
      async ({ tx, event, record }) => {
        const deletedAt = event.deletedAt ?? now;
        if (restorableUntil(deletedAt) < now) {
          const gone = eventGone({ name: event.name, deletedAt });
          throw new HttpError(410, say('event_purged'), {}, gone.details);
        }
        const rates = await loadEventRates(tx, eventId);
        const [restored] = await tx
          .update(events)
          .set({ deletedAt: null, updatedAt: sql`now()` })
          .where(eq(events.id, eventId))
          .returning();
        if (!restored) throw new Error('the event vanished inside its own restore');
        record({
          entity: 'event',
          entityId: eventId,
          action: 'restored',
          before: toEventSummary(event, rates),
          after: toEventSummary(restored, rates),
        });
      },
      'deleted',
    );
  } catch (error) {
    if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
    if ((await app.eventReader.currentVersion(eventId)) === null) throw error;
  }
}
