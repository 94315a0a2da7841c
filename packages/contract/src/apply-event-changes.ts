import type { Event, EventSummary } from './event';
import type { EventChange } from './event-changes';
import type { Expenditure } from './expenditure';
import type { Payment } from './payment';
import type { Recurrence } from './recurrence';
import type { User } from './user';

// No schema here (types only): live updates apply changes without building zod on first screens.

type Dated = { id: string; date: string; created_at: string };

/** The event read's order of expenses and payments: by date, then creation, then id. */
const byDate = (a: Dated, b: Dated) =>
  a.date.localeCompare(b.date) ||
  a.created_at.localeCompare(b.created_at) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const byCreation = (a: Recurrence, b: Recurrence) =>
  a.created_at.localeCompare(b.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** `list` with the item of `id` replaced by `item` (added when absent, removed when null). */
function upsert<T extends { id: string }>(
  list: readonly T[],
  id: string,
  item: T | null,
  order?: (a: T, b: T) => number,
): T[] {
  const others = list.filter((entry) => entry.id !== id);
  if (!item) return others;
  const index = list.findIndex((entry) => entry.id === id);
  if (!order) {
    // People keep their place; a new one comes last (as their stored position says).
    if (index < 0) return [...others, item];
    return list.map((entry) => (entry.id === id ? item : entry));
  }
  return [...others, item].sort(order);
}

/** Payments name their people: a renamed person's new name shows on their payments. */
function renamePayments(payments: readonly Payment[], user: User): Payment[] {
  return payments.map((payment) =>
    payment.payer_id === user.id || payment.payee_id === user.id
      ? {
          ...payment,
          ...(payment.payer_id === user.id && { payer_name: user.name }),
          ...(payment.payee_id === user.id && { payee_name: user.name }),
        }
      : payment,
  );
}

const SUMMARY_FIELDS = [
  'name',
  'desc',
  'image',
  'currency_id',
  'currency_rates',
  'time_zone',
  'created_at',
  'deleted_at',
  'closed_at',
] as const satisfies readonly (keyof EventSummary)[];

/** One change applied; null when it cannot be applied in place (a whole read is needed). */
function applyOne(event: Event, change: EventChange): Event | null {
  const removed = change.action === 'deleted';
  const id = change.entity_id;
  switch (change.entity) {
    case 'expenditure': {
      const item = removed ? null : (change.data as Expenditure);
      return { ...event, expenditures: upsert(event.expenditures, id, item, byDate) };
    }
    case 'payment': {
      const item = removed ? null : (change.data as Payment);
      return { ...event, payments: upsert(event.payments, id, item, byDate) };
    }
    case 'recurrence': {
      const item = removed ? null : (change.data as Recurrence);
      return { ...event, recurrences: upsert(event.recurrences ?? [], id, item, byCreation) };
    }
    case 'user': {
      const user = change.data as User;
      const users = upsert(event.users, id, removed ? null : user);
      const payments = removed ? event.payments : renamePayments(event.payments, user);
      return { ...event, users, payments };
    }
    case 'event': {
      // Deleted or restored, or in another currency (whose details the read joins): read whole.
      if (change.action !== 'updated') return null;
      const summary = change.data as EventSummary;
      if (summary.currency_id !== event.currency_id) return null;
      const fields = Object.fromEntries(SUMMARY_FIELDS.map((field) => [field, summary[field]]));
      return { ...event, ...fields };
    }
  }
}

/**
 * The event with `changes` (in commit order) applied in place, at the version of the last one;
 * null when one of them cannot be applied so (the caller reads the whole event). Each change
 * carries the whole of what it touched, so applying one already applied changes nothing.
 * Balances and everything else derived from the event are computed from the result, as from a
 * read.
 */
export function applyEventChanges(event: Event, changes: readonly EventChange[]): Event | null {
  let current: Event | null = event;
  for (const change of changes) {
    if (!current) return null;
    current = applyOne(current, change);
    if (current) current = { ...current, version: change.version, updated_at: change.at };
  }
  return current;
}
