import { type EventChange, type EventChanges, MAX_CHANGES_PER_CATCH_UP } from '@quits/contract';
import type { Database } from '@server/db/connection';
import { activities } from '@server/db/schema';
import { and, asc, eq, gt } from 'drizzle-orm';

/**
 * What changed in an event since version `since`, from its history rows, for a device that holds
 * that version (`current`: the event's version as the caller just read it). Empty when nothing
 * changed; `changes: null` — read the whole event — when the device is further behind than a
 * catch-up answers, names a version the event never had, or when the rows of a version it
 * missed were written before rows kept their version.
 */
export async function changesSince(
  db: Database,
  eventId: string,
  since: number,
  current: number,
): Promise<EventChanges> {
  const behind = { version: current, changes: null };
  if (since > current || current - since > MAX_CHANGES_PER_CATCH_UP) return behind;
  if (since === current) return { version: current, changes: [] };
  const rows = await db
    .select({
      version: activities.version,
      entity: activities.entity,
      entityId: activities.entityId,
      action: activities.action,
      before: activities.before,
      after: activities.after,
      at: activities.createdAt,
    })
    .from(activities)
    .where(and(eq(activities.eventId, eventId), gt(activities.version, since)))
    .orderBy(asc(activities.seq))
    .limit(MAX_CHANGES_PER_CATCH_UP + 1);
  if (rows.length > MAX_CHANGES_PER_CATCH_UP) return behind;
  // Every version from `since + 1` on, each whole (a change commits all its rows at once).
  const parts = new Map<number, number>();
  for (const row of rows) {
    if (row.version !== null) parts.set(row.version, (parts.get(row.version) ?? 0) + 1);
  }
  const newest = Math.max(current, ...parts.keys());
  if (parts.size !== newest - since) return behind;
  const changes = rows.map(
    (row): EventChange => ({
      version: row.version ?? 0,
      parts: parts.get(row.version ?? 0) ?? 1,
      at: row.at.toISOString(),
      entity: row.entity as EventChange['entity'],
      entity_id: row.entityId,
      action: row.action as EventChange['action'],
      data: (row.action === 'deleted' ? row.before : row.after) ?? null,
    }),
  );
  return { version: newest, changes };
}
