import type { Transaction } from '@server/db/connection';
import { activities, events } from '@server/db/schema';
import { eq, sql } from 'drizzle-orm';

export type ActivityEntity = 'event' | 'user' | 'expenditure' | 'payment';
export type ActivityAction = 'created' | 'updated' | 'deleted' | 'restored';

/** One row of the history: the entity as the API shows it, before and after the change. */
export interface ActivityRecord {
  entity: ActivityEntity;
  entityId: string;
  action: ActivityAction;
  before: unknown;
  after: unknown;
}

/**
 * Writes the history rows of one change inside that change's transaction, numbered after the
 * event's newest (`events.history_seq`, taken on the event's row, which the write holds).
 */
export async function insertActivities(
  tx: Transaction,
  eventId: string,
  who: { deviceId: string | null; whoAmI: string | null },
  records: readonly ActivityRecord[],
): Promise<void> {
  if (records.length === 0) return;
  const [counted] = await tx
    .update(events)
    .set({ historySeq: sql`${events.historySeq} + ${records.length}` })
    .where(eq(events.id, eventId))
    .returning({ newest: events.historySeq });
  if (!counted) throw new Error('the event row vanished inside its own write');
  const first = counted.newest - records.length + 1;
  await tx.insert(activities).values(
    records.map((record, index) => ({
      eventId,
      seq: first + index,
      entity: record.entity,
      entityId: record.entityId,
      action: record.action,
      deviceId: who.deviceId,
      userId: who.whoAmI,
      before: record.before ?? null,
      after: record.after ?? null,
    })),
  );
}
