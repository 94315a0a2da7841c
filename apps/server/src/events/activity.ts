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

/** Writes the history rows of one change inside that change's transaction. */
export async function insertActivities(
  tx: Transaction,
  eventId: string,
  who: { deviceId: string | null; whoAmI: string | null },
  records: readonly ActivityRecord[],
): Promise<void> {
  if (records.length === 0) return;
  await tx.insert(activities).values(
    records.map((record) => ({
      eventId,
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
