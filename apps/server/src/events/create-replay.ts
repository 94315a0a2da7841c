import type { EventCreate } from '@quits/contract';
import type { Transaction } from '@server/db/connection';
import { activities } from '@server/db/schema';
import { asc, eq } from 'drizzle-orm';
import { sameContent } from './same-content';

/** The fields of a created event, as its first history row recorded them. */
interface CreatedEvent {
  name?: unknown;
  desc?: unknown;
  image?: unknown;
  currency_id?: unknown;
  currency_rates?: unknown;
}

/** A person added with the event, as their history row recorded them. */
interface CreatedPerson {
  id?: unknown;
  name?: unknown;
}

/**
 * True when `body` is the create that made the event: the same fields and the same people in
 * the same order (with the same ids where the body gives them). Only such a replay — the
 * device sending its own create again after losing the answer — may read the event through
 * POST /events; any other body names an id it cannot know but by its link.
 *
 * The creation's history rows come first in the event's history and share one timestamp (the
 * transaction's), so reading one more row than the body's people tells whether it had more.
 */
export async function isReplayOfCreate(
  tx: Transaction,
  eventId: string,
  body: EventCreate,
): Promise<boolean> {
  const rows = await tx
    .select({
      entity: activities.entity,
      action: activities.action,
      after: activities.after,
      createdAt: activities.createdAt,
    })
    .from(activities)
    .where(eq(activities.eventId, eventId))
    .orderBy(asc(activities.seq))
    .limit(body.users.length + 2);
  const [first, ...rest] = rows;
  if (first?.entity !== 'event' || first.action !== 'created') return false;
  const event = (first.after ?? {}) as CreatedEvent;
  const fields = {
    name: body.name,
    desc: body.desc,
    image: body.image ?? null,
    currency_id: body.currency_id,
    currency_rates: body.currency_rates,
  };
  const stored = {
    name: event.name,
    desc: event.desc,
    image: event.image,
    currency_id: event.currency_id,
    currency_rates: event.currency_rates,
  };
  if (!sameContent(stored, fields)) return false;

  const people = rest
    .filter(
      (row) =>
        row.entity === 'user' &&
        row.action === 'created' &&
        row.createdAt.getTime() === first.createdAt.getTime(),
    )
    .map((row) => (row.after ?? {}) as CreatedPerson);
  if (people.length !== body.users.length) return false;
  return body.users.every((person, index) => {
    const created = people[index];
    return created?.name === person.name && (person.id === undefined || created.id === person.id);
  });
}
