import type {
  EventCreate,
  EventUpdate,
  Expenditure,
  ExpenditureBody,
  Payment,
  PaymentBody,
} from '@quits/contract';
import type { Refusal } from './refusal';

/**
 * A change to an event, named and serialisable, so that it can wait in the offline queue and be
 * replayed later. Every entity carries an id made on the device, which makes each replay
 * idempotent: the server applies a change with an id it already holds only once. An update
 * carries its `base` (the entry as the server had it when the edit began; see `edit-base.ts`),
 * so that the server merges it with other devices' changes field by field.
 */
export type Change =
  | { kind: 'event.create'; body: EventCreate & { id: string } }
  | { kind: 'event.update'; body: EventUpdate }
  | { kind: 'expense.save'; body: ExpenditureBody & { id: string } }
  | { kind: 'expense.delete'; expenseId: string }
  // A restore carries the entry as it was, so that it shows again at once, offline too.
  | { kind: 'expense.restore'; expense: Expenditure }
  | { kind: 'payment.save'; body: PaymentBody & { id: string } }
  | { kind: 'payment.delete'; paymentId: string }
  | { kind: 'payment.restore'; payment: Payment }
  | { kind: 'person.add'; body: { id: string; event_id: string; name: string } }
  | { kind: 'person.rename'; personId: string; name: string; base?: { name: string } }
  | { kind: 'person.remove'; personId: string };

/** A change as the queue keeps it: in which event, by whom, since when, and how it went. */
export interface Command {
  /** The queue entry's own id. */
  id: string;
  eventId: string;
  change: Change;
  /** The "who am I" person of the device when the change was made. */
  whoAmI: string | null;
  createdAt: string;
  /** Set when the server refused the change: it waits for the person to act on it. */
  rejected?: Refusal;
}

/**
 * `newer` in the place of `older`, a waiting save of the same entry: the server gets one write
 * with the latest content, measured against the FIRST base, since the newer edit was made on top
 * of the older one and so carries its changes too. An entry made on this device and still
 * waiting (a create) stays without a base.
 */
export function inPlaceOf(newer: Command, older: Command): Command {
  const { change } = newer;
  const first = older.change;
  if (change.kind === 'expense.save' && first.kind === 'expense.save') {
    return {
      ...newer,
      id: older.id,
      change: { ...change, body: withBase(change.body, first.body.base) },
    };
  }
  if (change.kind === 'payment.save' && first.kind === 'payment.save') {
    return {
      ...newer,
      id: older.id,
      change: { ...change, body: withBase(change.body, first.body.base) },
    };
  }
  if (change.kind === 'person.rename' && first.kind === 'person.rename') {
    const { base: _newer, ...rest } = change;
    return { ...newer, id: older.id, change: first.base ? { ...rest, base: first.base } : rest };
  }
  return { ...newer, id: older.id };
}

/** `body` with `base` as its base, or with none when `base` is undefined. */
function withBase<Body extends { base?: unknown }>(body: Body, base: Body['base']): Body {
  const { base: _replaced, ...rest } = body;
  return base === undefined ? ({ ...rest } as Body) : { ...body, base };
}

/** The HTTP call that carries a change to the server. */
export function commandRequest(command: Command): {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
} {
  const event = encodeURIComponent(command.eventId);
  const { change } = command;
  switch (change.kind) {
    case 'event.create':
      return { method: 'POST', path: '/events', body: change.body };
    case 'event.update':
      return { method: 'PUT', path: `/events/${event}`, body: change.body };
    case 'expense.save':
      return { method: 'POST', path: `/event/${event}/expenditure`, body: change.body };
    case 'expense.delete':
      return {
        method: 'DELETE',
        path: `/event/${event}/expenditure/${encodeURIComponent(change.expenseId)}`,
      };
    case 'expense.restore':
      return {
        method: 'POST',
        path: `/event/${event}/expenditure/${encodeURIComponent(change.expense.id)}/restore`,
      };
    case 'payment.save':
      return { method: 'POST', path: `/event/${event}/payments`, body: change.body };
    case 'payment.delete':
      return {
        method: 'DELETE',
        path: `/event/${event}/payments/${encodeURIComponent(change.paymentId)}`,
      };
    case 'payment.restore':
      return {
        method: 'POST',
        path: `/event/${event}/payments/${encodeURIComponent(change.payment.id)}/restore`,
      };
    case 'person.add':
      return { method: 'POST', path: '/users', body: change.body };
    case 'person.rename':
      return {
        method: 'PUT',
        path: `/event/${event}/users/${encodeURIComponent(change.personId)}`,
        body: change.base ? { name: change.name, base: change.base } : { name: change.name },
      };
    case 'person.remove':
      return {
        method: 'DELETE',
        path: `/event/${event}/users/${encodeURIComponent(change.personId)}`,
      };
  }
}
