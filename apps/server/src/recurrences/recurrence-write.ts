import {
  attachmentIds,
  type Recurrence,
  type RecurrenceBody,
  type RecurrenceChange,
} from '@quits/contract';
import { addDays, firstIndexFrom, occurrenceDate, todayIn } from '@quits/domain';
import { resolveAttachments } from '@server/attachments/attachment-list';
import { expenditures, recurrences } from '@server/db/schema';
import { checkCurrency } from '@server/events/currency-check';
import { type EventWrite, writeEvent } from '@server/events/event-write';
import {
  assertPeopleInEvent,
  assertWeightsInEvent,
  type PersonReference,
} from '@server/events/people';
import { toRecurrence } from '@server/events/serializers';
import type { ClientContext } from '@server/http/client-context';
import { conflict, type FieldErrors, notFound, say, unprocessable } from '@server/http/http-error';
import { assertReceiptInEvent } from '@server/receipts/receipt-check';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { makeDueOccurrences, moveOn, ruleOf } from './occurrences';

type SeriesRow = typeof recurrences.$inferSelect;

/** A write to a series: the event's, and who asked (a new series' author when it names none). */
type SeriesWrite = EventWrite & { client: ClientContext };

const sourcesOf = (app: FastifyInstance) => ({
  currencies: app.currencies,
  history: app.rateHistory,
});

function checkBody(app: FastifyInstance, body: RecurrenceBody): void {
  const errors: FieldErrors = {};
  checkCurrency(app.currencies, body.expense.currency_id, 'expense.currency_id', errors);
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/**
 * Writes a new series and makes what is due of it at once (a start today or before makes its
 * first occurrences now). Answers null when the series exists already in this event (a replay).
 */
async function insertSeries(
  app: FastifyInstance,
  write: SeriesWrite,
  body: RecurrenceBody,
  path: string,
): Promise<{ recurrence: Recurrence; created: boolean }> {
  const { tx, event, record } = write;
  const [existing] = await tx.select().from(recurrences).where(eq(recurrences.id, body.id));
  if (existing) {
    if (existing.eventId !== event.id) throw conflict(say('id_in_use'));
    return { recurrence: toRecurrence(existing), created: false };
  }
  const [taken] = await tx
    .select({ id: expenditures.id })
    .from(expenditures)
    .where(eq(expenditures.id, body.expense.id));
  if (taken) throw conflict(say('id_in_use'));
  const { expense } = body;
  const references: PersonReference[] = [
    ...expense.payer.map((line, index) => ({
      path: `${path}expense.payer.${index}.user_id`,
      userId: line.user_id,
    })),
    ...expense.participant.map((line, index) => ({
      path: `${path}expense.participant.${index}.user_id`,
      userId: line.user_id,
    })),
  ];
  // What fell due before a year ago would flood the event with old copies: those are entered
  // alone, and a series starts within the last year.
  const earliest = addDays(todayIn(event.timeZone, new Date()), -366);
  if (expense.date < earliest) {
    const said = say('repeat_start_too_old', { date: earliest });
    throw unprocessable({ [`${path}expense.date`]: [said] }, said);
  }
  await assertPeopleInEvent(tx, event.id, references);
  await assertWeightsInEvent(tx, event.id, expense.split, `${path}expense.`);
  if (expense.receipt_id) await assertReceiptInEvent(tx, event.id, expense.receipt_id);
  const attachments = await resolveAttachments(tx, event.id, attachmentIds(expense.attachments), {
    path: `${path}expense.`,
  });
  const { base: _base, ...fields } = expense;
  const template = attachments.length > 0 ? { ...fields, attachments } : fields;
  const rule = {
    frequency: body.repeat.frequency,
    start: expense.date,
    until: body.repeat.until ?? null,
    count: body.repeat.count ?? null,
  };
  const [row] = await tx
    .insert(recurrences)
    .values({
      id: body.id,
      eventId: event.id,
      expense: { ...template, user_id: expense.user_id ?? write.client.whoAmI ?? null },
      ...rule,
      nextIndex: 0,
      nextDate: occurrenceDate(rule, 0),
    })
    .returning();
  if (!row) throw new Error('insert returned no series');
  record({
    entity: 'recurrence',
    entityId: row.id,
    action: 'created',
    before: null,
    after: toRecurrence(row),
  });
  await makeDueOccurrences(write, sourcesOf(app), row, new Date());
  const [after] = await tx.select().from(recurrences).where(eq(recurrences.id, row.id));
  return { recurrence: toRecurrence(after ?? row), created: true };
}

/** POST /event/{event_id}/recurrences: a recurring expense, idempotent by its id. */
export async function createRecurrence(
  app: FastifyInstance,
  eventId: string,
  body: RecurrenceBody,
  client: ClientContext,
): Promise<{ recurrence: Recurrence; created: boolean }> {
  checkBody(app, body);
  return writeEvent(app, eventId, client, (write) =>
    insertSeries(app, { ...write, client }, body, ''),
  );
}

async function lockSeries(write: Pick<EventWrite, 'tx' | 'event'>, id: string): Promise<SeriesRow> {
  const [series] = await write.tx
    .select()
    .from(recurrences)
    .where(
      and(
        eq(recurrences.id, id),
        eq(recurrences.eventId, write.event.id),
        isNull(recurrences.deletedAt),
      ),
    )
    .for('update');
  if (!series) throw notFound('recurrence');
  return series;
}

/**
 * PUT /event/{event_id}/recurrences/{id}: pause, resume, stop, or replace from a date on. Each
 * is idempotent: pausing a paused series, or a replacement that exists already, changes nothing.
 */
export async function changeRecurrence(
  app: FastifyInstance,
  eventId: string,
  id: string,
  change: RecurrenceChange,
  client: ClientContext,
): Promise<Recurrence> {
  if (change.action === 'replace') checkBody(app, change.replacement);
  return writeEvent(app, eventId, client, async (eventWrite) => {
    const write = { ...eventWrite, client };
    const series = await lockSeries(write, id);
    const before = toRecurrence(series);
    const updated = (after: Recurrence) => {
      write.record({ entity: 'recurrence', entityId: id, action: 'updated', before, after });
      return after;
    };
    if (series.stoppedAt) {
      if (change.action === 'stop') return before;
      throw conflict(say('recurrence_stopped'));
    }
    const today = todayIn(write.event.timeZone, new Date());
    switch (change.action) {
      case 'pause':
        if (series.pausedAt) return before;
        return updated(await moveOn(write, series, series.nextIndex, { pausedAt: new Date() }));
      case 'resume': {
        if (!series.pausedAt) return before;
        // What fell due while it was paused is skipped: it goes on from today.
        const from = firstIndexFrom(ruleOf(series), series.nextIndex, today);
        const resumed = await moveOn(write, series, from ?? series.nextIndex, { pausedAt: null });
        if (from === null) await endSeries(write, id);
        const [row] = await write.tx.select().from(recurrences).where(eq(recurrences.id, id));
        if (row) await makeDueOccurrences(write, sourcesOf(app), row, new Date());
        const [after] = await write.tx.select().from(recurrences).where(eq(recurrences.id, id));
        return updated(after ? toRecurrence(after) : resumed);
      }
      case 'stop':
        await endSeries(write, id, new Date());
        return updated(toRecurrence(await lockSeries(write, id)));
      case 'replace': {
        const { replacement } = change;
        const [existing] = await write.tx
          .select()
          .from(recurrences)
          .where(eq(recurrences.id, replacement.id));
        if (existing) {
          if (existing.eventId !== eventId) throw conflict(say('id_in_use'));
          return toRecurrence(existing);
        }
        const start = replacement.expense.date;
        const earliest = series.nextDate && series.nextDate > today ? series.nextDate : today;
        if (start < earliest) {
          throw unprocessable(
            { 'replacement.expense.date': [say('repeat_start_too_early', { date: earliest })] },
            say('repeat_start_too_early', { date: earliest }),
          );
        }
        updated(await moveOn(write, series, series.nextIndex, { until: addDays(start, -1) }));
        const made = await insertSeries(app, write, replacement, 'replacement.');
        return made.recurrence;
      }
    }
  });
}

/** Ends a series: no next date; `stoppedAt` when a person stopped it. */
async function endSeries(write: Pick<EventWrite, 'tx'>, id: string, stoppedAt?: Date) {
  await write.tx
    .update(recurrences)
    .set({ nextDate: null, updatedAt: sql`now()`, ...(stoppedAt ? { stoppedAt } : {}) })
    .where(eq(recurrences.id, id));
}
