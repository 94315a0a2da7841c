import type { Activity } from '@quits/contract';

const closedAtOf = (snapshot: unknown): unknown =>
  snapshot !== null && typeof snapshot === 'object' && 'closed_at' in snapshot
    ? snapshot.closed_at
    : null;

/**
 * The text key of a history row's sentence ("Ana added “Taxi”"): `activity.{entity}_{action}`,
 * but an event's update that closed or reopened it says so rather than "changed the settings".
 */
export function activityKey(row: Pick<Activity, 'entity' | 'action' | 'before' | 'after'>): string {
  if (row.entity === 'event' && row.action === 'updated') {
    const before = closedAtOf(row.before);
    const after = closedAtOf(row.after);
    if (!before && after) return 'activity.event_closed';
    if (before && !after) return 'activity.event_reopened';
  }
  return `activity.${row.entity}_${row.action}`;
}
