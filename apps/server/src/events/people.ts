import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Transaction } from '../db/connection';
import { users } from '../db/schema';
import { type FieldErrors, unprocessable } from '../http/http-error';

/** A person an entry refers to, and where in the request the reference stands. */
export interface PersonReference {
  path: string;
  userId: string;
}

/** Which of `ids` are live people of the event. */
export async function livePeople(
  tx: Transaction,
  eventId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.eventId, eventId),
        inArray(users.id, [...new Set(ids)]),
        isNull(users.deletedAt),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** Throws a 422 naming each reference to someone who is not a live person of the event. */
export async function assertPeopleInEvent(
  tx: Transaction,
  eventId: string,
  references: readonly PersonReference[],
): Promise<void> {
  if (references.length === 0) return;
  const known = await livePeople(
    tx,
    eventId,
    references.map((reference) => reference.userId),
  );
  const errors: FieldErrors = {};
  for (const reference of references) {
    if (!known.has(reference.userId)) {
      errors[reference.path] = ['This person is not part of the event (or was removed from it).'];
    }
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}
