import type { RemovedPeople } from '@quits/contract';
import type { Transaction } from '@server/db/connection';
import { users } from '@server/db/schema';
import { type FieldErrors, HttpError, say } from '@server/http/http-error';
import { and, eq, inArray, isNull } from 'drizzle-orm';

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

/**
 * Throws a 422 naming each reference to someone who is not a live person of the event, and,
 * beside the field errors, who they were (`removed_people`): a device that added an expense
 * offline can then say "Dan was removed from this event" rather than "invalid data".
 */
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
  const missing = [...new Set(references.map((ref) => ref.userId).filter((id) => !known.has(id)))];
  if (missing.length === 0) return;
  // Only the event's own people are named: an id from another event stays nameless.
  const removed = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.eventId, eventId), inArray(users.id, missing)));
  const names = new Map(removed.map((person) => [person.id, person.name]));
  const errors: FieldErrors = {};
  for (const reference of references) {
    if (known.has(reference.userId)) continue;
    const name = names.get(reference.userId);
    errors[reference.path] = [name ? say('person_removed', { name }) : say('person_not_in_event')];
  }
  // Only people this event had: an id of another event's person is answered as one that never
  // existed, so an answer tells nothing of other events.
  const removedPeople: RemovedPeople = removed.map((person) => ({
    user_id: person.id,
    name: person.name,
  }));
  const details = removedPeople.length > 0 ? { removed_people: removedPeople } : {};
  throw new HttpError(422, say('invalid_data'), errors, details);
}

/**
 * Throws a 422 on `{path}split.weights` when the split's weights name anyone who is not a person
 * of the event. Removed people count as the event's: an older expense's split may still name
 * them. The schema bounds the weights to the most people an event holds, so this is one query.
 */
export async function assertWeightsInEvent(
  tx: Transaction,
  eventId: string,
  split: { weights?: Record<string, number> | undefined } | null | undefined,
  path = '',
): Promise<void> {
  const ids = Object.keys(split?.weights ?? {});
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.eventId, eventId), inArray(users.id, ids)));
  if (rows.length === ids.length) return;
  const said = say('split_weights_not_people');
  throw new HttpError(422, say('invalid_data'), { [`${path}split.weights`]: [said] });
}
