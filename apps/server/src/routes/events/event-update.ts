import type { CurrencyRate, EventSummary, EventUpdate } from '@quits/contract';
import {
  type EventSettings,
  eventMergeEntry,
  eventMergeRules,
  ratesOfEventEntry,
  sameValue,
  settingsAfter,
} from '@quits/domain';
import type { Transaction } from '@server/db/connection';
import { eventCurrencyRates, events } from '@server/db/schema';
import { checkCurrency } from '@server/events/currency-check';
import { mergeOrRefuse } from '@server/events/edit-conflict';
import { insertEventRates, loadEventRates } from '@server/events/event-snapshot';
import { writeEvent } from '@server/events/event-write';
import { sameContent } from '@server/events/same-content';
import { toEventSummary } from '@server/events/serializers';
import type { ClientContext } from '@server/http/client-context';
import { type FieldErrors, HttpError, notFound, say, unprocessable } from '@server/http/http-error';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * PUT /events/{id}: changes only the fields given; `currency_rates` replaces the list. With
 * `base` (the settings the device last saw), the change is merged field by field, each rate on
 * its own, with what another device changed meanwhile; a field both changed is a 409.
 */
export async function updateEvent(
  app: FastifyInstance,
  eventId: string,
  body: EventUpdate,
  client: ClientContext,
): Promise<void> {
  await writeEvent(app, eventId, client, async ({ tx, event, record }) => {
    const rates = await loadEventRates(tx, eventId);
    const before = toEventSummary(event, rates);
    const wanted = settingsAfter({ ...before, currency_rates: rates }, body);
    const next = body.base ? await mergeSettings(tx, eventId, body.base, wanted, before) : wanted;
    // The rates are written only when they changed, whatever their order.
    const ratesChanged = !sameValue(
      eventMergeEntry({ ...before, currency_rates: rates }),
      eventMergeEntry({ ...before, currency_rates: next.currency_rates }),
    );
    const nextRates = ratesChanged ? next.currency_rates : rates;
    checkUpdate(app, next.currency_id, body, nextRates);

    const after: EventSummary = {
      ...before,
      name: next.name,
      desc: next.desc,
      image: next.image,
      currency_id: next.currency_id,
      currency_rates: nextRates.map(({ currency_id, exchange_rate }) => ({
        currency_id,
        exchange_rate,
      })),
      // One value, set whole: the last device to change it wins, as with a rename's own field.
      time_zone: body.time_zone ?? before.time_zone,
    };
    if (sameContent(before, after)) return;

    await tx
      .update(events)
      .set({
        name: after.name,
        desc: after.desc,
        image: after.image,
        currencyId: after.currency_id,
        timeZone: after.time_zone ?? 'UTC',
      })
      .where(eq(events.id, eventId));
    if (ratesChanged) {
      await tx.delete(eventCurrencyRates).where(eq(eventCurrencyRates.eventId, eventId));
      await insertEventRates(tx, eventId, nextRates);
    }
    record({ entity: 'event', entityId: eventId, action: 'updated', before, after });
  });
}

/** The device's settings merged into the event's, over what the device last saw. */
async function mergeSettings(
  tx: Transaction,
  eventId: string,
  baseSettings: EventSettings,
  wanted: EventSettings,
  current: EventSummary,
): Promise<EventSettings> {
  const base = eventMergeEntry(baseSettings);
  const mine = eventMergeEntry(wanted);
  const theirs = eventMergeEntry(current);
  const merged = await mergeOrRefuse(
    tx,
    { eventId, entity: 'event', entityId: eventId, what: 'event' },
    eventMergeRules(base, mine, theirs),
    { base, mine, theirs },
    current,
  );
  return {
    name: String(merged.name),
    desc: String(merged.desc),
    image: typeof merged.image === 'string' ? merged.image : null,
    currency_id: String(merged.currency_id),
    currency_rates: ratesOfEventEntry(merged),
  };
}

function checkUpdate(
  app: FastifyInstance,
  currencyId: string,
  body: EventUpdate,
  rates: readonly CurrencyRate[],
): void {
  const errors: FieldErrors = {};
  if (body.currency_id) checkCurrency(app.currencies, body.currency_id, 'currency_id', errors);
  if (body.currency_rates) {
    body.currency_rates.forEach((rate, index) => {
      checkCurrency(
        app.currencies,
        rate.currency_id,
        `currency_rates.${index}.currency_id`,
        errors,
      );
    });
  }
  rates.forEach((rate, index) => {
    if (rate.currency_id === currencyId) {
      errors[`currency_rates.${index}.currency_id`] = [say('own_currency_rate')];
    }
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/** DELETE /events/{id}: soft; deleting a deleted event answers the same and changes nothing. */
export async function deleteEvent(
  app: FastifyInstance,
  eventId: string,
  client: ClientContext,
): Promise<EventSummary> {
  try {
    return await writeEvent(
      app,
      eventId,
      client,
      async ({ tx, event, record }) => {
        const rates = await loadEventRates(tx, eventId);
        const [deleted] = await tx
          .update(events)
          // now() is the transaction's time, the same writeEvent stamps as updated_at: the answer
          // then equals what a repeated DELETE reads back.
          .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(events.id, eventId))
          .returning();
        if (!deleted) throw notFound('event');
        const before = toEventSummary(event, rates);
        const after = toEventSummary(deleted, rates);
        record({ entity: 'event', entityId: eventId, action: 'deleted', before, after });
        return after;
        // A closed event can be deleted as it is.
      },
      'live',
    );
  } catch (error) {
    // Deleted already (410): a repeated delete answers what the first one did.
    if (!(error instanceof HttpError && error.statusCode === 410)) throw error;
    const [deleted] = await app.db
      .select()
      .from(events)
      .where(and(eq(events.id, eventId), isNotNull(events.deletedAt)));
    if (!deleted) throw error;
    return toEventSummary(deleted, await loadEventRates(app.db, eventId));
  }
}
