import { type Database, executeRows, type Transaction } from '@server/db/connection';
import { sql } from 'drizzle-orm';

/** What an event's rows say, once they were found consistent. */
export interface EventRecord {
  version: number;
  /** History rows of the event (every entity). */
  activities: number;
  liveEntries: number;
}

interface EntryRow {
  id: string;
  entity: 'expenditure' | 'payment';
  deleted: boolean;
  title: string;
  amount: string | number;
  payer: { amount: number }[] | null;
  participant: { amount: number }[] | null;
  last_action: string | null;
  last_title: string | null;
  last_amount: string | number | null;
}

const sum = (lines: readonly { amount: number }[] | null) =>
  (lines ?? []).reduce((total, line) => total + line.amount, 0);

/**
 * Reads an event's rows straight from the database and checks that no write is half there:
 * - the live-entry counter equals the live expenses and payments;
 * - every expense and payment has history, and its latest history row is what the row holds
 *   (the same title and amount; 'deleted' exactly when the row is deleted);
 * - no history row names an expense or payment that is not there;
 * - every expense's payers and participants add up to its amount.
 * Throws on the first problem. Reads one consistent snapshot.
 */
export async function checkEventRows(db: Database, eventId: string): Promise<EventRecord> {
  // One snapshot for every read: on PostgreSQL a killed server's last statements may still be
  // committing, and counts read a moment apart would not describe one state.
  return db.transaction((tx) => checkRowsIn(tx, eventId), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function checkRowsIn(db: Transaction, eventId: string): Promise<EventRecord> {
  const [event] = await executeRows<{ version: number; item_count: number; activities: string }>(
    db,
    sql`SELECT version, item_count,
      (SELECT count(*) FROM activities WHERE event_id = ${eventId}) AS activities
    FROM events WHERE id = ${eventId}`,
  );
  if (!event) throw new Error(`event ${eventId} is not in the database`);

  const entries = await executeRows<EntryRow>(
    db,
    sql`
    SELECT x.id::text AS id, x.entity, x.deleted, x.title, x.amount, x.payer, x.participant,
      a.action AS last_action, a.after->>'title' AS last_title, a.after->>'amount' AS last_amount
    FROM (
      SELECT id, 'expenditure' AS entity, deleted_at IS NOT NULL AS deleted, title, amount,
        payer, participant
      FROM expenditures WHERE event_id = ${eventId}
      UNION ALL
      SELECT id, 'payment', deleted_at IS NOT NULL, title, amount, NULL::jsonb, NULL::jsonb
      FROM payments WHERE event_id = ${eventId}
    ) AS x
    LEFT JOIN LATERAL (
      SELECT action, after FROM activities
      WHERE event_id = ${eventId} AND entity = x.entity AND entity_id = x.id::text
      ORDER BY id DESC LIMIT 1
    ) AS a ON true`,
  );
  let live = 0;
  for (const row of entries) {
    const where = `${row.entity} ${row.id}`;
    if (row.last_action === null) throw new Error(`${where} has no history`);
    if (row.deleted !== (row.last_action === 'deleted')) {
      throw new Error(`${where}: deleted ${row.deleted}, its last history says ${row.last_action}`);
    }
    if (row.last_title !== row.title || Number(row.last_amount) !== Number(row.amount)) {
      throw new Error(`${where} holds ${row.title}/${row.amount}, its history says otherwise`);
    }
    if (row.entity === 'expenditure') {
      const amount = Number(row.amount);
      if (sum(row.payer) !== amount || sum(row.participant) !== amount) {
        throw new Error(`${where}: its lines do not add up to ${amount}`);
      }
    }
    if (!row.deleted) live += 1;
  }
  if (live !== event.item_count) {
    throw new Error(`the event counts ${event.item_count} live entries, its rows ${live}`);
  }

  const orphans = await executeRows<{ entity: string; entity_id: string }>(
    db,
    sql`SELECT a.entity, a.entity_id FROM activities a
    WHERE a.event_id = ${eventId} AND (
      (a.entity = 'expenditure' AND NOT EXISTS (
        SELECT 1 FROM expenditures x WHERE x.id::text = a.entity_id))
      OR (a.entity = 'payment' AND NOT EXISTS (
        SELECT 1 FROM payments p WHERE p.id::text = a.entity_id)))
    LIMIT 1`,
  );
  const orphan = orphans[0];
  if (orphan)
    throw new Error(`history names ${orphan.entity} ${orphan.entity_id}, which is not there`);

  return {
    version: Number(event.version),
    activities: Number(event.activities),
    liveEntries: live,
  };
}
