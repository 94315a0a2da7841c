import { occurrenceDate, type RepeatRule } from '@quits/domain';
import type { Transaction } from '@server/db/connection';
import { events, expenditures, payments, recurrences, users } from '@server/db/schema';
import type { ActivityRecord } from '@server/events/activity';
import { insertEventRates } from '@server/events/event-snapshot';
import { UNCOMMITTED_VERSION, writeNewEvent } from '@server/events/event-write';
import {
  toEventSummary,
  toExpenditure,
  toPayment,
  toRecurrence,
  toUser,
} from '@server/events/serializers';
import type { ClientContext } from '@server/http/client-context';
import type { FastifyInstance } from 'fastify';
import { newEventId } from '../events/event-create';
import type { ImportPlan } from './import-plan';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters with 14 columns a row. */
const CHUNK = 1_000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) {
    out.push(items.slice(start, start + CHUNK));
  }
  return out;
}

/**
 * Creates the planned event (a new id for it; its people and entries have theirs) in one transaction:
 * a failure anywhere leaves nothing behind. The history records the event, each person and
 * each entry as created by this device. Answers the new event's id.
 */
export async function writeImport(
  app: FastifyInstance,
  plan: ImportPlan,
  client: ClientContext,
): Promise<string> {
  const eventId = newEventId();
  // Entries the file gives no time keep its order: a millisecond apart, the last one now.
  const now = Date.now();
  const entryCount = plan.expenditures.length + plan.payments.length;
  const enteredAt = (given: string | null, index: number) =>
    given ? new Date(given) : new Date(now - entryCount + index);

  const expenseRows = plan.expenditures.map((expense, index) => ({
    id: expense.id,
    eventId,
    userId: expense.author,
    kind: expense.kind,
    title: expense.title,
    desc: expense.desc,
    date: expense.date,
    amount: expense.amount,
    currencyId: expense.currency_id,
    category: expense.category,
    split: expense.split,
    payer: expense.payer,
    participant: expense.participant,
    rate: expense.rate,
    ties: expense.ties ?? null,
    recurrenceId: expense.recurrenceId ?? null,
    occurrenceDate: expense.occurrenceDate ?? null,
    createdAt: enteredAt(expense.createdAt, index),
  }));
  const paymentRows = plan.payments.map((payment, index) => ({
    id: payment.id,
    eventId,
    date: payment.date,
    title: payment.title,
    payerId: payment.payer_id,
    payeeId: payment.payee_id,
    amount: payment.amount,
    currencyId: payment.currency_id,
    percentage: payment.percentage,
    createdAt: enteredAt(payment.createdAt, plan.expenditures.length + index),
  }));

  // Nobody in the new event is this device yet.
  const importer = { ...client, whoAmI: null };
  await writeNewEvent(app, eventId, importer, async ({ tx, record, countItems }) => {
    const [event] = await tx
      .insert(events)
      .values({
        id: eventId,
        name: plan.event.name,
        desc: plan.event.desc,
        image: plan.event.image,
        currencyId: plan.event.currency_id,
        timeZone: plan.event.time_zone ?? 'UTC',
        version: UNCOMMITTED_VERSION,
      })
      .returning();
    if (!event) throw new Error('insert returned no event');
    await insertEventRates(tx, eventId, plan.event.currency_rates);
    record({
      entity: 'event',
      entityId: eventId,
      action: 'created',
      before: null,
      after: toEventSummary(event, plan.event.currency_rates),
    });
    for (const made of await insertAll(tx, eventId, plan, expenseRows, paymentRows)) record(made);
    countItems(entryCount);
  });
  return eventId;
}

/** Inserts the people and entries, answering their history records in the same order. */
async function insertAll(
  tx: Transaction,
  eventId: string,
  plan: ImportPlan,
  expenseRows: (typeof expenditures.$inferInsert)[],
  paymentRows: (typeof payments.$inferInsert)[],
): Promise<ActivityRecord[]> {
  const records: ActivityRecord[] = [];
  const created = (entity: ActivityRecord['entity'], entityId: string, after: unknown) =>
    records.push({ entity, entityId, action: 'created', before: null, after });
  const people = plan.people.map((person, position) => ({
    id: person.id,
    eventId,
    name: person.name,
    paymentDetails: person.paymentDetails ?? null,
    presence: person.presence,
    defaultWeight: person.defaultWeight,
    position,
  }));
  const names = new Map<string, string>();
  for (const part of chunks(people)) {
    for (const row of await tx.insert(users).values(part).returning()) {
      names.set(row.id, row.name);
      created('user', row.id, toUser(row));
    }
  }
  // Before the expenses, which may be their occurrences.
  const seriesList = plan.recurrences ?? [];
  for (const [index, series] of seriesList.entries()) {
    const rule = {
      frequency: series.frequency as RepeatRule['frequency'],
      start: series.start,
      until: series.until,
      count: series.count,
    };
    const [row] = await tx
      .insert(recurrences)
      .values({
        id: series.id,
        eventId,
        expense: series.expense,
        ...rule,
        nextIndex: series.nextIndex,
        nextDate: series.stoppedAt ? null : occurrenceDate(rule, series.nextIndex),
        pausedAt: series.pausedAt ? new Date(series.pausedAt) : null,
        stoppedAt: series.stoppedAt ? new Date(series.stoppedAt) : null,
        // In the file's order: lists show series by when they were made.
        createdAt: new Date(Date.now() - seriesList.length + index),
      })
      .returning();
    if (row) created('recurrence', row.id, toRecurrence(row));
  }
  for (const part of chunks(expenseRows)) {
    for (const row of await tx.insert(expenditures).values(part).returning()) {
      created('expenditure', row.id, toExpenditure(row));
    }
  }
  for (const part of chunks(paymentRows)) {
    for (const row of await tx.insert(payments).values(part).returning()) {
      created('payment', row.id, toPayment(row, names));
    }
  }
  return records;
}
