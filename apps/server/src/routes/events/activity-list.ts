import type { Activity } from '@quits/contract';
import { LIMITS } from '@quits/contract';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { activities } from '../../db/schema';
import type { DevicePseudonyms } from '../../devices/device-pseudonyms';

/**
 * The event's history, newest first, a page at a time; `before` is the last id already seen.
 * Each row names its device by its pseudonym in the event, never by its `Device-ID`.
 */
export async function listActivity(
  db: Database,
  devices: DevicePseudonyms,
  eventId: string,
  before: number | undefined,
): Promise<Activity[]> {
  const rows = await db
    .select()
    .from(activities)
    .where(
      before === undefined
        ? eq(activities.eventId, eventId)
        : and(eq(activities.eventId, eventId), lt(activities.id, before)),
    )
    .orderBy(desc(activities.id))
    .limit(LIMITS.activityPageSize);
  return rows.map((row) => ({
    id: row.id,
    entity: row.entity as Activity['entity'],
    entity_id: row.entityId,
    action: row.action as Activity['action'],
    device_id: devices.of(eventId, row.deviceId),
    user_id: row.userId,
    before: row.before,
    after: row.after,
    created_at: row.createdAt.toISOString(),
  }));
}
