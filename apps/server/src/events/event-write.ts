import { LIMITS } from '@quits/contract';
import { type Database, executeRows, type Transaction } from '@server/db/connection';
import { events } from '@server/db/schema';
import type { ClientContext } from '@server/http/client-context';
import { notFound, unprocessable } from '@server/http/http-error';
import { CHANGE_CHANNEL } from '@server/realtime/change-channel';
import type { ChangeFeed } from '@server/realtime/change-feed';
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { ActivityRecord } from './activity';
import { missingEvent } from './event-gone';

export type LockedEvent = typeof events.$inferSelect;

/** What a write sees: its transaction, the locked event, and where to record what it changed. */
export interface EventWrite {
  tx: Transaction;
  event: LockedEvent;
  /** Records a change; without one the write commits nothing and the version stays. */
  record(activity: ActivityRecord): void;
  /** Live expenses and payments added (+) or removed (−) by this write. */
  countItems(delta: number): void;
  /** The write added, renamed or removed a person. */
  touchPeople(): void;
}

/**
 * Runs one change to an event as one transaction: locks the event row (so writes to one event
 * are serialised and the size limit holds), lets `change` do its work, then — in one statement —
 * bumps the event's version, writes the history rows and announces the change to every server
 * instance (NOTIFY is delivered on commit only). This process's change feed hears of it after
 * the commit. A deleted event refuses every write (410), except a restore, which locks only a
 * deleted one (`which: 'deleted'`, a 404 when there is none).
 */
export async function writeEvent<T>(
  deps: { db: Database; changes: ChangeFeed },
  eventId: string,
  client: ClientContext,
  change: (write: EventWrite) => Promise<T>,
  which: 'live' | 'deleted' = 'live',
): Promise<T> {
  const recorded: ActivityRecord[] = [];
  let itemDelta = 0;
  let peopleDelta = 0;
  let committed: { version: number; deleted: boolean } | null = null;

  const result = await deps.db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(events)
      .where(
        and(
          eq(events.id, eventId),
          which === 'live' ? isNull(events.deletedAt) : isNotNull(events.deletedAt),
        ),
      )
      .for('update');
    if (!event) throw which === 'live' ? await missingEvent(tx, eventId) : notFound('event');

    const value = await change({
      tx,
      event,
      record: (activity) => recorded.push(activity),
      countItems: (delta) => {
        itemDelta += delta;
      },
      touchPeople: () => {
        peopleDelta = 1;
      },
    });
    if (recorded.length > 0) {
      committed = await commitChange(tx, eventId, client, recorded, itemDelta, peopleDelta);
    }
    return value;
  });

  if (committed) {
    const { version, deleted } = committed;
    deps.changes.publish({
      eventId,
      version,
      deleted,
      deviceId: client.deviceId,
      whoAmI: client.whoAmI,
      activities: recorded,
    });
  }
  return result;
}

/** A history row as SQL values, in the column order of `commitChange`'s INSERT. */
function historyRow(
  eventId: string,
  client: ClientContext,
  record: ActivityRecord,
  rowsAfter: number,
): SQL {
  const json = (value: unknown) => (value == null ? null : JSON.stringify(value));
  // The event's newest history number, as the UPDATE in `bumped` (which holds the event's row)
  // left it, minus the rows of this change that come after this one.
  const seq = sql`((SELECT history_seq FROM bumped) - ${rowsAfter}::int)`;
  return sql`(${eventId}, ${seq}, ${record.entity}, ${record.entityId}, ${record.action}, ${client.deviceId},
    ${client.whoAmI}::uuid, ${json(record.before)}::jsonb, ${json(record.after)}::jsonb)`;
}

/** The end of every write, in one round trip: version, counters, history, announcement. */
async function commitChange(
  tx: Transaction,
  eventId: string,
  client: ClientContext,
  recorded: readonly ActivityRecord[],
  itemDelta: number,
  peopleDelta: number,
): Promise<{ version: number; deleted: boolean }> {
  const rows = sql.join(
    recorded.map((record, index) =>
      historyRow(eventId, client, record, recorded.length - 1 - index),
    ),
    sql`, `,
  );
  const [row] = await executeRows<{ version: number; deleted: boolean }>(
    tx,
    sql`
    WITH bumped AS (
      UPDATE events
      SET version = version + 1, item_count = item_count + ${itemDelta},
          people_version = people_version + ${peopleDelta},
          history_seq = history_seq + ${recorded.length}, updated_at = now()
      WHERE id = ${eventId}
      RETURNING version, deleted_at IS NOT NULL AS deleted, history_seq
    ), history AS (
      INSERT INTO activities (event_id, seq, entity, entity_id, action, device_id, user_id,
        before, after)
      VALUES ${rows}
    )
    SELECT version, deleted,
      pg_notify(${CHANGE_CHANNEL}, json_build_object('e', ${eventId}::text, 'v', version, 'd', deleted)::text)
    FROM bumped`,
  );
  if (!row) throw new Error('the event row vanished inside its own write');
  return { version: Number(row.version), deleted: row.deleted };
}

/** Throws a 422 when the locked event already holds as many expenses and payments as allowed. */
export function assertRoomForEntry(event: LockedEvent): void {
  if (event.itemCount < LIMITS.maxItems) return;
  throw unprocessable(
    { event_id: [`An event holds at most ${LIMITS.maxItems} expenses and payments.`] },
    `This event is full: it holds at most ${LIMITS.maxItems} expenses and payments.`,
  );
}
