import { type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '../db/connection';
import { activities } from '../db/schema';

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
 * The number of the event's `offset`-th new history row (1 for the first row a statement
 * writes): its rows so far plus `offset`. Every row written in one statement reads the same
 * count, so a statement numbers its rows 1, 2, 3… after it. Only under the event's row lock
 * (or in its creation) are two writers kept from taking the same number; the unique index
 * refuses the second if they ever do.
 */
export function nextSeq(eventId: string, offset: number): SQL {
  return sql`((SELECT coalesce(max(seq), 0) FROM activities WHERE event_id = ${eventId}) + ${offset}::int)`;
}

/** Writes the history rows of one change inside that change's transaction. */
export async function insertActivities(
  tx: Transaction,
  eventId: string,
  who: { deviceId: string | null; whoAmI: string | null },
  records: readonly ActivityRecord[],
): Promise<void> {
  if (records.length === 0) return;
  await tx.insert(activities).values(
    records.map((record, index) => ({
      eventId,
      seq: nextSeq(eventId, index + 1),
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
