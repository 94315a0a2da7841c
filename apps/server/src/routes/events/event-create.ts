import { randomBytes, randomUUID } from 'node:crypto';
import type { EventCreate } from '@quits/contract';
import { nameKey } from '@quits/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { events, users } from '../../db/schema';
import { type ActivityRecord, insertActivities } from '../../events/activity';
import { checkCurrency } from '../../events/currency-check';
import { eventGone } from '../../events/event-gone';
import { insertEventRates } from '../../events/event-snapshot';
import { toEventSummary, toUser } from '../../events/serializers';
import type { ClientContext } from '../../http/client-context';
import { type FieldErrors, unprocessable } from '../../http/http-error';

/** 16 random bytes: the 128 bits that make an event's link unguessable. */
export function newEventId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Creates an event with its people and rates in one transaction. A replay of a create that
 * already happened (same proposed id) changes nothing and reports `created: false`.
 */
export async function createEvent(
  app: FastifyInstance,
  body: EventCreate,
  client: ClientContext,
): Promise<{ eventId: string; created: boolean }> {
  const errors: FieldErrors = {};
  checkCurrency(app.currencies, body.currency_id, 'currency_id', errors);
  body.currency_rates.forEach((rate, index) => {
    checkCurrency(app.currencies, rate.currency_id, `currency_rates.${index}.currency_id`, errors);
    if (rate.currency_id === body.currency_id) {
      errors[`currency_rates.${index}.currency_id`] = [
        "The event's own currency needs no exchange rate.",
      ];
    }
  });
  checkDuplicateNames(
    body.users.map((user) => user.name),
    errors,
  );
  if (Object.keys(errors).length > 0) throw unprocessable(errors);

  const eventId = body.id ?? newEventId();
  let records: ActivityRecord[] = [];
  const created = await app.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(events).where(eq(events.id, eventId));
    if (existing) {
      // A replayed create of a deleted event: the same answer as any other call about it.
      if (existing.deletedAt) {
        throw eventGone({ name: existing.name, deletedAt: existing.deletedAt });
      }
      return false;
    }
    const [event] = await tx
      .insert(events)
      .values({
        id: eventId,
        name: body.name,
        desc: body.desc,
        image: body.image ?? null,
        currencyId: body.currency_id,
      })
      // A replay racing the first create waits for it here and finds the id taken: a replay.
      .onConflictDoNothing({ target: events.id })
      .returning();
    if (!event) return false;
    await insertEventRates(tx, eventId, body.currency_rates);
    const people =
      body.users.length === 0
        ? []
        : await tx
            .insert(users)
            .values(
              body.users.map((user, position) => ({
                id: user.id ?? randomUUID(),
                eventId,
                name: user.name,
                position,
              })),
            )
            .returning();
    records = [
      {
        entity: 'event',
        entityId: eventId,
        action: 'created',
        before: null,
        after: toEventSummary(event, body.currency_rates),
      },
      ...people.map(
        (person): ActivityRecord => ({
          entity: 'user',
          entityId: person.id,
          action: 'created',
          before: null,
          after: toUser(person),
        }),
      ),
    ];
    await insertActivities(tx, eventId, client, records);
    return true;
  });
  if (created) {
    app.changes.publish({
      eventId,
      version: 1,
      deleted: false,
      deviceId: client.deviceId,
      whoAmI: client.whoAmI,
      activities: records,
    });
  }
  return { eventId, created };
}

/** Two people with the same name in one event cannot be told apart. */
export function checkDuplicateNames(names: readonly string[], errors: FieldErrors): void {
  const seen = new Set<string>();
  names.forEach((name, index) => {
    const key = nameKey(name);
    if (seen.has(key))
      errors[`users.${index}.name`] = [`There is already a person called ${name}.`];
    seen.add(key);
  });
}
