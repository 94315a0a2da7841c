import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/connection';
import { events } from '../db/schema';
import type { ClientContext } from '../http/client-context';
import { notFound } from '../http/http-error';
import type { ChangeFeed } from '../realtime/change-feed';
import { type ActivityRecord, insertActivities } from './activity';

export type LockedEvent = typeof events.$inferSelect;

/** What a write sees: its transaction, the locked event, and where to record what it changed. */
export interface EventWrite {
  tx: Transaction;
  event: LockedEvent;
  /** Records a change; without one the write commits nothing and the version stays. */
  record(activity: ActivityRecord): void;
  /** Live expenses and payments added (+) or removed (−) by this write. */
  countItems(delta: number): void;
}

/**
 * Runs one change to an event as one transaction: locks the event row (so writes to one event
 * are serialised and the size limit holds), lets `change` do its work, then bumps the event's
 * version and writes the activity rows. The change feed hears of it only after the commit.
 */
export async function writeEvent<T>(
  deps: { db: Database; changes: ChangeFeed },
  eventId: string,
  client: ClientContext,
  change: (write: EventWrite) => Promise<T>,
): Promise<T> {
  const recorded: ActivityRecord[] = [];
  let itemDelta = 0;
  let version = 0;

  const result = await deps.db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(events)
      .where(and(eq(events.id, eventId), isNull(events.deletedAt)))
      .for('update');
    if (!event) throw notFound('event');

    const value = await change({
      tx,
      event,
      record: (activity) => recorded.push(activity),
      countItems: (delta) => {
        itemDelta += delta;
      },
    });

    if (recorded.length > 0) {
      const [bumped] = await tx
        .update(events)
        .set({
          version: sql`${events.version} + 1`,
          itemCount: sql`${events.itemCount} + ${itemDelta}`,
          updatedAt: sql`now()`,
        })
        .where(eq(events.id, eventId))
        .returning({ version: events.version });
      version = bumped?.version ?? event.version + 1;
      await insertActivities(tx, eventId, client, recorded);
    }
    return value;
  });

  if (recorded.length > 0) {
    deps.changes.publish({ eventId, version, deviceId: client.deviceId, activities: recorded });
  }
  return result;
}
