import type { User } from '@quits/contract';
import type { Transaction } from '@server/db/connection';
import { users } from '@server/db/schema';
import { writeEvent } from '@server/events/event-write';
import { toUser } from '@server/events/serializers';
import type { ClientContext } from '@server/http/client-context';
import { notFound } from '@server/http/http-error';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

type PersonRow = typeof users.$inferSelect;

/** The fields of a person a change may set. */
export type PersonFields = Partial<
  Pick<PersonRow, 'name' | 'paymentDetails' | 'presence' | 'defaultWeight'>
>;

/**
 * Changes a live person of the event in one write. `fieldsFor` reads the person as they are and
 * says what to set, or null when nothing would change: the person is then answered as they are, so
 * a replayed change writes nothing. It may refuse by throwing. A change is recorded in the history
 * with the person before and after, and reaches the other devices like any change.
 */
export async function updatePerson(
  app: FastifyInstance,
  target: { eventId: string; userId: string },
  client: ClientContext,
  fieldsFor: (
    row: PersonRow,
    tx: Transaction,
  ) => PersonFields | null | Promise<PersonFields | null>,
): Promise<User> {
  const { eventId, userId } = target;
  return writeEvent(app, eventId, client, async ({ tx, record, touchPeople }) => {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.eventId, eventId), isNull(users.deletedAt)));
    if (!row) throw notFound('person');
    const fields = await fieldsFor(row, tx);
    if (fields === null) return toUser(row);
    const [updated] = await tx
      .update(users)
      .set({ ...fields, updatedAt: sql`now()` })
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
