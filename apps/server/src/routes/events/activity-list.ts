import type { Activity } from '@quits/contract';
import { LIMITS } from '@quits/contract';
import type { Database } from '@server/db/connection';
import { activities } from '@server/db/schema';
import type { DevicePseudonyms } from '@server/devices/device-pseudonyms';
import { and, desc, eq, sql } from 'drizzle-orm';

/**
 * The event's history, newest first, a page at a time; `before` is the last id already seen.
 * The ids shown are the rows' numbers within the event, which tell nothing of other events.
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
        : // `before` may be any safe integer (an id from an older page, or nonsense): compared
          // as a bigint, one beyond the column's integer range is no error, just no bound.
          and(eq(activities.eventId, eventId), sql`${activities.seq} < ${before}::bigint`),
    )
    .orderBy(desc(activities.seq))
    .limit(LIMITS.activityPageSize);
  // A page holds the changes of a few devices: each is hashed once (an HMAC is some µs).
  const named = new Map<string | null, string | null>();
  const pseudonymOf = (deviceId: string | null) => {
    if (!named.has(deviceId)) named.set(deviceId, devices.of(eventId, deviceId));
    return named.get(deviceId) ?? null;
  };
  return rows.map((row) => ({
    id: row.seq,
    entity: row.entity as Activity['entity'],
    entity_id: row.entityId,
    action: row.action as Activity['action'],
    device_id: pseudonymOf(row.deviceId),
    user_id: row.userId,
    before: row.before,
    after: row.after,
    created_at: row.createdAt.toISOString(),
  }));
}
