import { randomUUID } from 'node:crypto';
import type { User, UserCreate, UserUpdate } from '@quits/contract';
import { LIMITS, nameKey } from '@quits/contract';
import { personMergeRules } from '@quits/domain';
import type { Transaction } from '@server/db/connection';
import { expenditures, payments, recurrences, users } from '@server/db/schema';
import { mergeOrRefuse } from '@server/events/edit-conflict';
import { writeEvent } from '@server/events/event-write';
import { toUser } from '@server/events/serializers';
import type { ClientContext } from '@server/http/client-context';
import { conflict, notFound, say, unprocessable } from '@server/http/http-error';
import { and, count, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { updatePerson } from './person-update';

/**
 * Throws a 422 when another live person of the event has this name, compared as `nameKey`
 * compares names (case, look-alike forms and invisible characters aside). Compared here rather
 * than in SQL: PostgreSQL's lower() is not JavaScript's, and names kept before names were
 * cleaned are cleaned for the comparison too. An event has at most 200 people.
 */
async function assertNameFree(tx: Transaction, eventId: string, name: string, exceptId?: string) {
  const others = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.eventId, eventId),
        isNull(users.deletedAt),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    );
  const key = nameKey(name);
  const clash = others.find((other) => nameKey(other.name) === key);
  if (clash) throw unprocessable({ name: [say('name_taken', { name: clash.name })] });
}

/** POST /users: adds a person; replaying the same id answers the person, unchanged. */
export async function createUser(
  app: FastifyInstance,
  body: UserCreate,
  client: ClientContext,
): Promise<{ user: User; created: boolean }> {
  const id = body.id ?? randomUUID();
  return writeEvent(app, body.event_id, client, async ({ tx, record, touchPeople }) => {
    const [existing] = await tx.select().from(users).where(eq(users.id, id));
    if (existing) {
      if (existing.eventId !== body.event_id) {
        throw conflict(say('id_in_use'));
      }
      if (existing.deletedAt) throw conflict(say('person_removed_elsewhere'));
      return { user: toUser(existing), created: false };
    }
    const [{ people = 0, last = -1 } = {}] = await tx
      .select({
        people: sql<number>`count(*) filter (where ${users.deletedAt} is null)`.mapWith(Number),
        last: sql<number>`coalesce(max(${users.position}), -1)`.mapWith(Number),
      })
      .from(users)
      .where(eq(users.eventId, body.event_id));
    if (people >= LIMITS.maxPeople) {
      throw unprocessable(
        { event_id: [say('event_people_limit', { max: LIMITS.maxPeople })] },
        say('event_full_people', { max: LIMITS.maxPeople }),
      );
    }
    await assertNameFree(tx, body.event_id, body.name);
    const [inserted] = await tx
      .insert(users)
      .values({
        id,
        eventId: body.event_id,
        name: body.name,
        presence: body.presence ?? [],
        position: last + 1,
      })
      .returning();
    if (!inserted) throw new Error('insert returned no person');
    const user = toUser(inserted);
    touchPeople();
    record({ entity: 'user', entityId: id, action: 'created', before: null, after: user });
    return { user, created: true };
  });
}

/**
 * PUT /event/{event_id}/users/{id}: renames a person of that event. A person of another event
 * is a 404 like an unknown id: a person's id alone opens nothing. With `base` (the name the
 * device last saw), a rename of someone another device renamed meanwhile is a 409.
 */
export function renameUser(
  app: FastifyInstance,
  eventId: string,
  userId: string,
  body: UserUpdate,
  client: ClientContext,
): Promise<User> {
  return updatePerson(app, { eventId, userId }, client, async (row, tx) => {
    const ref = { eventId, entity: 'user', entityId: userId, what: 'person' } as const;
    const { name } = body.base
      ? await mergeOrRefuse(
          tx,
          ref,
          personMergeRules,
          { base: body.base, mine: { name: body.name }, theirs: { name: row.name } },
          toUser(row),
        )
      : body;
    if (row.name === name) return null;
    await assertNameFree(tx, eventId, name, userId);
    return { name };
  });
}

/**
 * How many live expenses, payments and running recurring expenses mention the person (as payer,
 * participant or party).
 */
async function countUses(tx: Transaction, eventId: string, userId: string): Promise<number> {
  const line = JSON.stringify([{ user_id: userId }]);
  const [expenses] = await tx
    .select({ uses: count() })
    .from(expenditures)
    .where(
      and(
        eq(expenditures.eventId, eventId),
        isNull(expenditures.deletedAt),
        or(
          sql`${expenditures.payer} @> ${line}::jsonb`,
          sql`${expenditures.participant} @> ${line}::jsonb`,
        ),
      ),
    );
  const [transfers] = await tx
    .select({ uses: count() })
    .from(payments)
    .where(
      and(
        eq(payments.eventId, eventId),
        isNull(payments.deletedAt),
        or(eq(payments.payerId, userId), eq(payments.payeeId, userId)),
      ),
    );
  // A recurring expense still going names them in every occurrence to come.
  const [series] = await tx
    .select({ uses: count() })
    .from(recurrences)
    .where(
      and(
        eq(recurrences.eventId, eventId),
        isNull(recurrences.deletedAt),
        isNotNull(recurrences.nextDate),
        or(
          sql`${recurrences.expense}->'payer' @> ${line}::jsonb`,
          sql`${recurrences.expense}->'participant' @> ${line}::jsonb`,
        ),
      ),
    );
  return (expenses?.uses ?? 0) + (transfers?.uses ?? 0) + (series?.uses ?? 0);
}

/**
 * DELETE /event/{event_id}/users/{id}: removes a person of that event whom no live expense or
 * payment mentions any more.
 */
export async function removeUser(
  app: FastifyInstance,
  eventId: string,
  userId: string,
  client: ClientContext,
): Promise<User> {
  return writeEvent(app, eventId, client, async ({ tx, record, touchPeople }) => {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.eventId, eventId)));
    if (!row) throw notFound('person');
    if (row.deletedAt) return toUser(row);
    const uses = await countUses(tx, eventId, userId);
    if (uses > 0) {
      throw conflict(say('person_in_use', { name: row.name, count: uses }));
    }
    await tx.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, userId));
    const user = toUser(row);
    touchPeople();
    record({ entity: 'user', entityId: userId, action: 'deleted', before: user, after: null });
    return user;
  });
}
