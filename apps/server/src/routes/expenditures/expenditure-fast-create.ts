import type { Expenditure } from '@quits/contract';
import { LIMITS } from '@quits/contract';
import { isUniqueViolation } from '@server/db/pg-errors';
import type { ClientContext } from '@server/http/client-context';
import { CHANGE_CHANNEL } from '@server/realtime/change-channel';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** A new expense, checked against the request schema and the currency list already. */
export interface NewExpenditure
  extends Omit<Expenditure, 'created_at' | 'updated_at' | 'deleted_at'> {}

/**
 * The most common write — a new expense by people of a live event — in one statement, one
 * round trip and no explicit transaction: lock the event and bump its version, count the
 * expense, insert it and its history row, and announce it (NOTIFY is delivered on commit).
 *
 * The statement writes only when every rule holds. When it writes nothing — the id exists (an
 * update or a replay), a person is unknown (in its lines or its split's weights), the receipt is
 * not one of the event's, the event is full, closed or deleted, the expense is in another
 * currency than the event's (its rate is decided on the general path), or people changed while
 * it waited for the lock — it answers null and the caller takes the general path, which finds out
 * which case it is and answers accordingly.
 *
 * Why `people_version`: the statement's subqueries see the database as it was when the
 * statement began, but the event row it locks is re-read once the lock is granted. Comparing
 * the two counters catches people removed by a write that committed while this one waited.
 */
export async function createExpenditureInOneStatement(
  app: FastifyInstance,
  expense: NewExpenditure,
  client: ClientContext,
): Promise<{ expenditure: Expenditure; version: number; at: string } | null> {
  const now = new Date().toISOString();
  const expenditure: Expenditure = {
    ...expense,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  const people = [
    ...new Set([
      ...expense.payer.map((line) => line.user_id),
      ...expense.participant.map((line) => line.user_id),
      ...(expense.user_id ? [expense.user_id] : []),
    ]),
  ];
  // Its split's weights may name anyone of the event, removed people too (see assertWeightsInEvent).
  const weighed = Object.keys(expense.split?.weights ?? {});
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  const eventId = expense.event_id;
  const receiptId = expense.receipt_id ?? null;
  try {
    const [row] = await app.prepared<{ version: number }>(
      'create_expenditure',
      sql`
      WITH seen AS (
        SELECT people_version FROM events WHERE id = ${eventId}
      ), people AS (
        SELECT count(*)::int AS known FROM users
        WHERE event_id = ${eventId} AND id = ANY(${`{${people.join(',')}}`}::uuid[])
          AND deleted_at IS NULL
      ), weighed AS (
        SELECT count(*)::int AS known FROM users
        WHERE event_id = ${eventId} AND id = ANY(${`{${weighed.join(',')}}`}::uuid[])
      ), bumped AS (
        UPDATE events AS e
        SET version = e.version + 1, item_count = e.item_count + 1,
          history_seq = e.history_seq + 1, updated_at = ${now}::timestamptz
        FROM seen, people, weighed
        WHERE e.id = ${eventId} AND e.deleted_at IS NULL AND e.closed_at IS NULL
          AND e.item_count < ${LIMITS.maxItems} AND e.currency_id = ${expense.currency_id}
          AND e.people_version = seen.people_version AND people.known = ${people.length}
          AND weighed.known = ${weighed.length}
          AND NOT EXISTS (SELECT 1 FROM expenditures WHERE id = ${expense.id})
          AND (${receiptId}::uuid IS NULL OR EXISTS (
            SELECT 1 FROM receipts WHERE id = ${receiptId}::uuid AND event_id = ${eventId}))
        RETURNING e.version, e.history_seq
      ), inserted AS (
        INSERT INTO expenditures (id, event_id, user_id, kind, title, "desc", date, amount,
          currency_id, category, split, payer, participant, receipt_id, created_at, updated_at)
        SELECT ${expense.id}, ${eventId}, ${expense.user_id}, ${expense.kind ?? 'expense'},
          ${expense.title}, ${expense.desc},
          ${expense.date}, ${expense.amount}, ${expense.currency_id}, ${expense.category},
          ${json(expense.split)}::jsonb, ${json(expense.payer)}::jsonb,
          ${json(expense.participant)}::jsonb, ${receiptId}::uuid, ${now}::timestamptz,
          ${now}::timestamptz
        FROM bumped
      ), history AS (
        INSERT INTO activities (event_id, seq, version, entity, entity_id, action, device_id,
          user_id, before, after, created_at)
        SELECT ${eventId}, history_seq, version, 'expenditure', ${expense.id}, 'created', ${client.deviceId},
          ${client.whoAmI}::uuid, NULL, ${json(expenditure)}::jsonb, ${now}::timestamptz
        FROM bumped
      )
      SELECT version,
        pg_notify(${CHANGE_CHANNEL}, json_build_object('e', ${eventId}::text, 'v', version, 'd', false)::text)
      FROM bumped`,
    );
    return row ? { expenditure, version: Number(row.version), at: now } : null;
  } catch (error) {
    // Another write inserted the same id first: the general path will see a replay or update.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
