import { LIMITS } from '@quits/contract';
import { type Database, executeRows, type Transaction } from '@server/db/connection';
import { events } from '@server/db/schema';
import type { ClientContext } from '@server/http/client-context';
import { notFound, say, unprocessable } from '@server/http/http-error';
import { CHANGE_CHANNEL } from '@server/realtime/change-channel';
import type { ChangeFeed } from '@server/realtime/change-feed';
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { ActivityRecord } from './activity';
import { eventClosed } from './event-closed';
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

/** What a write that makes a new event sees: its transaction, and where to record what it made. */
export type NewEventWrite = Omit<EventWrite, 'event'>;

/**
 * The version a new event's row is inserted with: the commit of the write that makes it (the
 * same as every write's) makes it version 1.
 */
export const UNCOMMITTED_VERSION = 0;

/**
 * Which event a write may change: an open one (every change to its content), a live one open or
 * closed (closing, reopening, deleting), or a deleted one (a restore).
 */
export type WritableEvent = 'open' | 'live' | 'deleted';

/**
 * Runs one change to an event as one transaction: locks the event row (so writes to one event
 * are serialised and the size limit holds), lets `change` do its work, then commits it
 * (`inOneWrite`). A deleted event refuses every write (410), except a restore, which locks only a
 * deleted one (`which: 'deleted'`, a 404 when there is none); a closed one refuses every change to
 * what it holds (409 `event_closed`) until it is reopened.
 */
export async function writeEvent<T>(
  deps: { db: Database; changes: ChangeFeed },
  eventId: string,
  client: ClientContext,
  change: (write: EventWrite) => Promise<T>,
  which: WritableEvent = 'open',
): Promise<T> {
  return inOneWrite(deps, eventId, client, async (write) => {
    const [event] = await write.tx
      .select()
      .from(events)
      .where(
        and(
          eq(events.id, eventId),
          which === 'deleted' ? isNotNull(events.deletedAt) : isNull(events.deletedAt),
        ),
      )
      .for('update');
    if (!event) {
      throw which === 'deleted' ? notFound('event') : await missingEvent(write.tx, eventId);
    }
    if (which === 'open' && event.closedAt) throw eventClosed(event.closedAt);
    return change({ ...write, event });
  });
}

/**
 * Makes a new event as one transaction: `create` inserts its row (at `UNCOMMITTED_VERSION`) and
 * what it holds, recording each thing it made, and the write is committed as every other is.
 * A create that records nothing (it found the event made already) commits nothing.
 */
export async function writeNewEvent<T>(
  deps: { db: Database; changes: ChangeFeed },
  eventId: string,
  client: ClientContext,
  create: (write: NewEventWrite) => Promise<T>,
): Promise<T> {
  return inOneWrite(deps, eventId, client, create);
}

/**
 * Lets `work` make its changes inside one transaction, then — in one statement — bumps the
 * event's version, writes the history rows and announces the change to every server instance
 * (NOTIFY is delivered on commit only). This process's change feed hears of it after the commit.
 */
async function inOneWrite<T>(
  deps: { db: Database; changes: ChangeFeed },
  eventId: string,
  client: ClientContext,
  work: (write: NewEventWrite) => Promise<T>,
): Promise<T> {
  const recorded: ActivityRecord[] = [];
  let itemDelta = 0;
  let peopleDelta = 0;
  let committed: { version: number; deleted: boolean; at: string } | null = null;

  const result = await deps.db.transaction(async (tx) => {
    const value = await work({
      tx,
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
    const { version, deleted, at } = committed;
    deps.changes.publish({
      eventId,
      version,
      at,
      deleted,
      deviceId: client.deviceId,
      whoAmI: client.whoAmI,
      activities: recorded,
    });
  }
  return result;
}

/**
 * History rows per statement: nine parameters each, well under the 65,535 a statement may carry
 * (an import writes tens of thousands).
 */
const HISTORY_ROWS_PER_STATEMENT = 5_000;

/**
 * History rows as SQL values, in the column order of the INSERTs below. `newest`: the event's
 * newest history number once this change is counted; each row's is that minus the rows of this
 * change that come after it. `version`: the event's version once this change is counted.
 */
function historyRows(
  eventId: string,
  client: ClientContext,
  records: readonly ActivityRecord[],
  rowsAfterLast: number,
  newest: SQL,
  version: SQL,
): SQL {
  const json = (value: unknown) => (value == null ? null : JSON.stringify(value));
  const rows = records.map((record, index) => {
    const seq = sql`(${newest} - ${rowsAfterLast + records.length - 1 - index}::int)`;
    return sql`(${eventId}, ${seq}, ${version}, ${record.entity}, ${record.entityId}, ${record.action},
    ${client.deviceId}, ${client.whoAmI}::uuid, ${json(record.before)}::jsonb, ${json(record.after)}::jsonb)`;
  });
  return sql.join(rows, sql`, `);
}

const HISTORY_COLUMNS = sql`activities (event_id, seq, version, entity, entity_id, action, device_id,
  user_id, before, after)`;

/**
 * The end of every write: version, counters, history, announcement, in one round trip (and one
 * more per further 5,000 history rows).
 */
async function commitChange(
  tx: Transaction,
  eventId: string,
  client: ClientContext,
  recorded: readonly ActivityRecord[],
  itemDelta: number,
  peopleDelta: number,
): Promise<{ version: number; deleted: boolean; at: string }> {
  const firstOfLast = Math.max(0, recorded.length - HISTORY_ROWS_PER_STATEMENT);
  // The UPDATE in `bumped` holds the event's row: its history number is the one to count from.
  const lastRows = historyRows(
    eventId,
    client,
    recorded.slice(firstOfLast),
    0,
    sql`(SELECT history_seq FROM bumped)`,
    sql`(SELECT version FROM bumped)`,
  );
  const [row] = await executeRows<{
    version: number;
    deleted: boolean;
    history_seq: number;
    updated_at: Date | string;
  }>(
    tx,
    sql`
    WITH bumped AS (
      UPDATE events
      SET version = version + 1, item_count = item_count + ${itemDelta},
          people_version = people_version + ${peopleDelta},
          history_seq = history_seq + ${recorded.length}, updated_at = now()
      WHERE id = ${eventId}
      RETURNING version, deleted_at IS NOT NULL AS deleted, history_seq, updated_at
    ), history AS (
      INSERT INTO ${HISTORY_COLUMNS}
      VALUES ${lastRows}
    )
    SELECT version, deleted, history_seq, updated_at,
      pg_notify(${CHANGE_CHANNEL}, json_build_object('e', ${eventId}::text, 'v', version, 'd', deleted)::text)
    FROM bumped`,
  );
  if (!row) throw new Error('the event row vanished inside its own write');
  const newest = sql`${Number(row.history_seq)}::int`;
  for (let start = 0; start < firstOfLast; start += HISTORY_ROWS_PER_STATEMENT) {
    const end = Math.min(start + HISTORY_ROWS_PER_STATEMENT, firstOfLast);
    const rows = historyRows(
      eventId,
      client,
      recorded.slice(start, end),
      recorded.length - end,
      newest,
      sql`${Number(row.version)}::int`,
    );
    await executeRows(tx, sql`INSERT INTO ${HISTORY_COLUMNS} VALUES ${rows}`);
  }
  return {
    version: Number(row.version),
    deleted: row.deleted,
    at: new Date(row.updated_at).toISOString(),
  };
}

/** Throws a 422 when the locked event already holds as many expenses and payments as allowed. */
export function assertRoomForEntry(event: LockedEvent): void {
  if (event.itemCount < LIMITS.maxItems) return;
  throw unprocessable(
    { event_id: [say('event_full_entries', { max: LIMITS.maxItems })] },
    say('event_full', { max: LIMITS.maxItems }),
  );
}
