import { events } from '@server/db/schema';
import { eventNotSettled } from '@server/events/event-closed';
import { loadEventRates } from '@server/events/event-snapshot';
import { writeEvent } from '@server/events/event-write';
import { toEventSummary } from '@server/events/serializers';
import type { ClientContext } from '@server/http/client-context';
import { conflict, say } from '@server/http/http-error';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * POST /events/{id}/close and /reopen. Closing needs everyone settled (every balance zero, read
 * from the event as it is now); a closed event refuses every change until reopened. Closing a
 * closed event, or reopening an open one, changes nothing (a replay). The history records both.
 */
export async function setEventClosed(
  app: FastifyInstance,
  eventId: string,
  client: ClientContext,
  closed: boolean,
): Promise<void> {
  // The balances come from the cached read of the latest version; the write below checks that
  // no change came in between (it holds the event's lock, so none can come after).
  let checkedVersion: number | null = null;
  if (closed) {
    const version = await app.eventReader.currentVersion(eventId);
    const entry = version === null ? null : await app.eventReader.read(eventId, version);
    if (entry) {
      const { balances } = app.eventReader.balances(entry);
      if (balances.some((line) => line.balance !== 0)) throw eventNotSettled();
      checkedVersion = version;
    }
  }
  await writeEvent(
    app,
    eventId,
    client,
    async ({ tx, event, record }) => {
      if (Boolean(event.closedAt) === closed) return;
      if (closed && event.version !== checkedVersion) {
        throw conflict(say('event_changed_while_closing'));
      }
      const [changed] = await tx
        .update(events)
        .set({ closedAt: closed ? sql`now()` : null, updatedAt: sql`now()` })
        .where(eq(events.id, eventId))
        .returning();
      if (!changed) throw new Error('the event vanished inside its own close');
      const rates = await loadEventRates(tx, eventId);
      record({
        entity: 'event',
        entityId: eventId,
        action: 'updated',
        before: toEventSummary(event, rates),
        after: toEventSummary(changed, rates),
      });
    },
    'live',
  );
}
