import type { Activity, Event, Expenditure, Payment } from '@quits/contract';
import type { RestoreTarget } from './api/restore-entry';

/** The changes of one day, in the reader's time zone, newest first. */
export interface HistoryDay {
  /** YYYY-MM-DD of the reader's calendar. */
  day: string;
  rows: Activity[];
}

/** The calendar day of a moment where the reader is. */
export function localDay(moment: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** Rows (newest first) into days, newest first. */
export function groupByDay(rows: readonly Activity[]): HistoryDay[] {
  const days: HistoryDay[] = [];
  for (const row of rows) {
    const day = localDay(new Date(row.created_at));
    const last = days.at(-1);
    if (last?.day === day) last.rows.push(row);
    else days.push({ day, rows: [row] });
  }
  return days;
}

/**
 * The deletions that can be undone, by history row id: for each expense or payment that is not
 * in the event now, its newest deletion among the rows, with the entry as it was then.
 */
export function restorableRows(
  rows: readonly Activity[],
  event: Event,
): Map<number, RestoreTarget> {
  const live = new Set([
    ...event.expenditures.map((expense) => expense.id),
    ...event.payments.map((payment) => payment.id),
  ]);
  const seen = new Set<string>();
  const restorable = new Map<number, RestoreTarget>();
  for (const row of rows) {
    if (row.entity !== 'expenditure' && row.entity !== 'payment') continue;
    if (seen.has(row.entity_id)) continue;
    seen.add(row.entity_id);
    if (row.action !== 'deleted' || live.has(row.entity_id)) continue;
    // The server wrote the snapshot as the API shows the entry; checked only for its shape.
    const before = row.before as Partial<Expenditure & Payment> | null;
    if (typeof before?.id !== 'string' || typeof before.amount !== 'number') continue;
    restorable.set(
      row.id,
      row.entity === 'expenditure'
        ? { kind: 'expense', expense: before as Expenditure }
        : { kind: 'payment', payment: before as Payment },
    );
  }
  return restorable;
}

/**
 * People's names by id: the event's, and for people removed since, the name the history last
 * recorded for them (rows are newest first).
 */
export function namesOf(rows: readonly Activity[], event: Event): Map<string, string> {
  const names = new Map<string, string>();
  for (const row of rows) {
    if (row.entity !== 'user' || names.has(row.entity_id)) continue;
    const snapshot = (row.after ?? row.before) as { name?: unknown } | null;
    if (typeof snapshot?.name === 'string') names.set(row.entity_id, snapshot.name);
  }
  for (const person of event.users) names.set(person.id, person.name);
  return names;
}
