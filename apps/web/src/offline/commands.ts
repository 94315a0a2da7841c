import type {
  EventCreate,
  EventUpdate,
  Expenditure,
  ExpenditureBody,
  Payment,
  PaymentBody,
} from '@quits/contract';

/**
 * A change to an event, named and serialisable, so that it can wait in the offline queue and be
 * replayed later. Every entity carries an id made on the device, which makes each replay
 * idempotent: the server applies a change with an id it already holds only once.
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
  | { kind: 'person.rename'; personId: string; name: string }
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
  rejected?: { status: number; message: string };
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
        body: { name: change.name },
      };
    case 'person.remove':
      return {
        method: 'DELETE',
        path: `/event/${event}/users/${encodeURIComponent(change.personId)}`,
      };
  }
}
