import type { User, UserPresence } from '@quits/contract';
import { users } from '@server/db/schema';
import { writeEvent } from '@server/events/event-write';
import { toUser } from '@server/events/serializers';
import type { ClientContext } from '@server/http/client-context';
import { notFound } from '@server/http/http-error';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * Periods in date order with their keys in one order (jsonb keeps its own key order), so that
 * the same periods typed in another order compare equal and are no change.
 */
function sorted(presence: UserPresence['presence']): UserPresence['presence'] {
  return presence
    .map(({ from, to }) => ({ from, to }))
    .sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/**
 * PUT /event/{event_id}/users/{id}/presence: replaces a person's presence periods (none = always).
 * The whole list is sent each time, so a replay of the same change changes nothing; the history
 * keeps the periods before and after.
 */
export async function setPresence(
  app: FastifyInstance,
  eventId: string,
  userId: string,
  body: UserPresence,
  client: ClientContext,
): Promise<User> {
  return writeEvent(app, eventId, client, async ({ tx, record, touchPeople }) => {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.eventId, eventId), isNull(users.deletedAt)));
    if (!row) throw notFound('person');
    const presence = sorted(body.presence);
    if (JSON.stringify(presence) === JSON.stringify(sorted(row.presence))) return toUser(row);
    const [updated] = await tx
      .update(users)
      .set({ presence, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw notFound('person');
    const user = toUser(updated);
    touchPeople();
    record({
      entity: 'user',
      entityId: userId,
      action: 'updated',
      before: toUser(row),
      after: user,
    });
    return user;
  });
}
