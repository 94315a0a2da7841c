import { randomBytes, randomUUID } from 'node:crypto';
import type { EventCreate } from '@quits/contract';
import { nameKey } from '@quits/contract';
import { events, users } from '@server/db/schema';
import { isReplayOfCreate } from '@server/events/create-replay';
import { checkCurrency } from '@server/events/currency-check';
import { eventGone } from '@server/events/event-gone';
import { insertEventRates } from '@server/events/event-snapshot';
import { UNCOMMITTED_VERSION, writeNewEvent } from '@server/events/event-write';
import { toEventSummary, toUser } from '@server/events/serializers';
import type { ClientContext } from '@server/http/client-context';
import { type FieldErrors, say, unprocessable } from '@server/http/http-error';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** 16 random bytes: the 128 bits that make an event's link unguessable. */
export function newEventId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * What a create did: made the event, found it made by this very create before (a replay, which
 * changes nothing), or found the id taken by another event (which it must not be told about).
 */
export type CreateOutcome = 'created' | 'replayed' | 'taken';

/**
 * Creates an event with its people and rates in one transaction. A replay of a create that
 * already happened (same proposed id, same content) changes nothing.
 */
export async function createEvent(
  app: FastifyInstance,
  body: EventCreate,
  client: ClientContext,
): Promise<{ eventId: string; outcome: CreateOutcome }> {
  const errors: FieldErrors = {};
  checkCurrency(app.currencies, body.currency_id, 'currency_id', errors);
  body.currency_rates.forEach((rate, index) => {
    checkCurrency(app.currencies, rate.currency_id, `currency_rates.${index}.currency_id`, errors);
    if (rate.currency_id === body.currency_id) {
      errors[`currency_rates.${index}.currency_id`] = [say('own_currency_rate')];
    }
  });
  checkDuplicateNames(
    body.users.map((user) => user.name),
    errors,
  );
  if (Object.keys(errors).length > 0) throw unprocessable(errors);

  const eventId = body.id ?? newEventId();
  // The creator says who they are among the people they create (the form asks): the creation
  // is credited to that person. Anyone else's id would credit a stranger, so it counts as nobody.
  const creator: ClientContext = {
    ...client,
    whoAmI: body.users.some((user) => user.id?.toLowerCase() === client.whoAmI)
      ? client.whoAmI
      : null,
  };
  const outcome = await writeNewEvent(
    app,
    eventId,
    creator,
    async ({ tx, record }): Promise<CreateOutcome> => {
      const [existing] = await tx.select().from(events).where(eq(events.id, eventId));
      if (existing) {
        if (!(await isReplayOfCreate(tx, eventId, body))) return 'taken';
        // A replayed create of a deleted event: the same answer as any other call about it.
        if (existing.deletedAt) {
          throw eventGone({ name: existing.name, deletedAt: existing.deletedAt });
        }
        return 'replayed';
      }
      const [event] = await tx
        .insert(events)
        .values({
          id: eventId,
          name: body.name,
          desc: body.desc,
          image: body.image ?? null,
          currencyId: body.currency_id,
          timeZone: body.time_zone ?? 'UTC',
          version: UNCOMMITTED_VERSION,
        })
        // A create racing another with the same id waits for it here and finds the id taken.
        .onConflictDoNothing({ target: events.id })
        .returning();
      if (!event) return (await isReplayOfCreate(tx, eventId, body)) ? 'replayed' : 'taken';
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
                  presence: user.presence ?? [],
                  position,
                })),
              )
              .returning();
      record({
        entity: 'event',
        entityId: eventId,
        action: 'created',
        before: null,
        after: toEventSummary(event, body.currency_rates),
      });
      for (const person of people) {
        record({
          entity: 'user',
          entityId: person.id,
          action: 'created',
          before: null,
          after: toUser(person),
        });
      }
      return 'created';
    },
  );
  return { eventId, outcome };
}

/** Two people with the same name in one event cannot be told apart. */
export function checkDuplicateNames(names: readonly string[], errors: FieldErrors): void {
  const seen = new Set<string>();
  names.forEach((name, index) => {
    const key = nameKey(name);
    if (seen.has(key)) errors[`users.${index}.name`] = [say('name_taken', { name })];
    seen.add(key);
  });
}
