import type { User, UserDefaultWeight } from '@quits/contract';
import { users } from '@server/db/schema';
import { writeEvent } from '@server/events/event-write';
import { toUser } from '@server/events/serializers';
import type { ClientContext } from '@server/http/client-context';
import { notFound } from '@server/http/http-error';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * PUT /event/{event_id}/users/{id}/default-weight: the person's share in the event's default
 * split, which every new expense starts from. Setting the same weight again changes nothing, so
 * a replay is harmless; the history keeps the weight before and after.
 */
export async function setDefaultWeight(
  app: FastifyInstance,
  eventId: string,
  userId: string,
  body: UserDefaultWeight,
  client: ClientContext,
): Promise<User> {
  return writeEvent(app, eventId, client, async ({ tx, record, touchPeople }) => {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.eventId, eventId), isNull(users.deletedAt)));
    if (!row) throw notFound('person');
    if (row.defaultWeight === body.default_weight) return toUser(row);
    const [updated] = await tx
      .update(users)
      .set({ defaultWeight: body.default_weight, updatedAt: sql`now()` })
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
