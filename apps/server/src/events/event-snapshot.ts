import type { Currency, CurrencyRate, Event } from '@quits/contract';
import type { Database, Transaction } from '@server/db/connection';
import {
  eventCurrencyRates,
  events,
  expenditures,
  payments,
  recurrences,
  users,
} from '@server/db/schema';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { toEventSummary, toExpenditure, toPayment, toRecurrence, toUser } from './serializers';

export interface EventSnapshot {
  version: number;
  event: Event;
}

/** The event's own rates, in the order they were given. */
export async function loadEventRates(tx: Transaction | Database, eventId: string) {
  const rows = await tx
    .select({
      currency_id: eventCurrencyRates.currencyId,
      exchange_rate: eventCurrencyRates.exchangeRate,
    })
    .from(eventCurrencyRates)
    .where(eq(eventCurrencyRates.eventId, eventId))
    .orderBy(asc(eventCurrencyRates.position), asc(eventCurrencyRates.currencyId));
  return rows;
}

/** Stores the event's own rates in the order given (the caller removed any old ones). */
export async function insertEventRates(
  tx: Transaction,
  eventId: string,
  rates: readonly CurrencyRate[],
): Promise<void> {
  if (rates.length === 0) return;
  await tx.insert(eventCurrencyRates).values(
    rates.map((rate, position) => ({
      eventId,
      currencyId: rate.currency_id,
      exchangeRate: rate.exchange_rate,
      position,
    })),
  );
}

/**
 * Reads a whole live event (people, expenses, payments, recurring expenses, rates) as one
 * consistent snapshot, or
 * null when it does not exist or was deleted. Deleted entries are left out.
 */
export async function loadEventSnapshot(
  db: Database,
  eventId: string,
  currencyOf: (id: string) => Currency | undefined,
): Promise<EventSnapshot | null> {
  return db.transaction(
    async (tx) => {
      const [row] = await tx
        .select()
        .from(events)
        .where(and(eq(events.id, eventId), isNull(events.deletedAt)));
      if (!row) return null;
      // One connection per transaction: the reads run one after another by necessity.
      const rates = await loadEventRates(tx, eventId);
      const people = await tx
        .select()
        .from(users)
        .where(eq(users.eventId, eventId))
        .orderBy(asc(users.position), asc(users.createdAt), asc(users.id));
      const expenseRows = await tx
        .select()
        .from(expenditures)
        .where(and(eq(expenditures.eventId, eventId), isNull(expenditures.deletedAt)))
        .orderBy(asc(expenditures.date), asc(expenditures.createdAt), asc(expenditures.id));
      const paymentRows = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.eventId, eventId), isNull(payments.deletedAt)))
        .orderBy(asc(payments.date), asc(payments.createdAt), asc(payments.id));
      const seriesRows = await tx
        .select()
        .from(recurrences)
        .where(and(eq(recurrences.eventId, eventId), isNull(recurrences.deletedAt)))
        .orderBy(asc(recurrences.createdAt), asc(recurrences.id));
      const names = new Map(people.map((person) => [person.id, person.name]));
      const event: Event = {
        ...toEventSummary(row, rates),
        version: row.version,
        currency: currencyOf(row.currencyId) ?? null,
        users: people.filter((person) => person.deletedAt === null).map(toUser),
        expenditures: expenseRows.map(toExpenditure),
        payments: paymentRows.map((payment) => toPayment(payment, names)),
        recurrences: seriesRows.map(toRecurrence),
      };
      return { version: row.version, event };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
