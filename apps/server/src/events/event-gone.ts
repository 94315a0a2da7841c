import { LIMITS } from '@quits/contract';
import type { Database, Transaction } from '@server/db/connection';
import { events } from '@server/db/schema';
import { HttpError, notFound, say } from '@server/http/http-error';
import { eq } from 'drizzle-orm';

const DAY_MS = 86_400_000;

/** How long a deleted event can be restored, in milliseconds. */
export const RESTORE_WINDOW_MS = LIMITS.deletedEventKeptDays * DAY_MS;

/** The last moment a restore of an event deleted at `deletedAt` is accepted. */
export function restorableUntil(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + RESTORE_WINDOW_MS);
}

/**
 * The 410 every call about a deleted event gets (its restore aside): it names the event and
 * its dates, so that a device that had the event can offer to bring it back. The event's id is
 * not repeated: a caller that reached it through a person's id must not learn it.
 */
export function eventGone(event: { name: string; deletedAt: Date }): HttpError {
  const until = restorableUntil(event.deletedAt);
  return new HttpError(
    410,
    say('event_deleted', {
      deleted: event.deletedAt.toISOString().slice(0, 10),
      until: until.toISOString().slice(0, 10),
    }),
    {},
    {
      deleted_event: {
        name: event.name,
        deleted_at: event.deletedAt.toISOString(),
        restorable_until: until.toISOString(),
      },
    },
  );
}

/**
 * Why a call found no live event: 410 when it was deleted and not yet purged, else 404. Only
 * asked on that miss, so live events pay nothing for it.
 */
export async function missingEvent(
  db: Database | Transaction,
  eventId: string,
): Promise<HttpError> {
  const [row] = await db
    .select({ name: events.name, deletedAt: events.deletedAt })
    .from(events)
    .where(eq(events.id, eventId));
  if (!row?.deletedAt) return notFound('event');
  return eventGone({ name: row.name, deletedAt: row.deletedAt });
}
