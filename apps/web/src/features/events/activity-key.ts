import type { Activity } from '@quits/contract';

const closedAtOf = (snapshot: unknown): unknown =>
  snapshot !== null && typeof snapshot === 'object' && 'closed_at' in snapshot
    ? snapshot.closed_at
    : null;

const recurrenceOf = (snapshot: unknown): unknown =>
  snapshot !== null && typeof snapshot === 'object' && 'recurrence_id' in snapshot
    ? snapshot.recurrence_id
    : null;

/**
 * The text key of a history row's sentence ("Ana added “Taxi”"): `activity.{entity}_{action}`,
 * but an event's update that closed or reopened it says so rather than "changed the settings",
 * and an occurrence of a recurring expense that the server made says it repeated.
 */
export function activityKey(
  row: Pick<Activity, 'entity' | 'action' | 'before' | 'after'> &
    Partial<Pick<Activity, 'user_id' | 'device_id'>>,
): string {
  // An occurrence the server made on its date: nobody added it.
  if (
    row.entity === 'expenditure' &&
    row.action === 'created' &&
    row.device_id === null &&
    row.user_id === null &&
    recurrenceOf(row.after)
  ) {
    return 'activity.expenditure_repeated';
  }
  if (row.entity === 'event' && row.action === 'updated') {
    const before = closedAtOf(row.before);
    const after = closedAtOf(row.after);
    if (!before && after) return 'activity.event_closed';
    if (before && !after) return 'activity.event_reopened';
  }
  return `activity.${row.entity}_${row.action}`;
}
