import type {
  DatePeriod,
  EventCreate,
  EventUpdate,
  Expenditure,
  ExpenditureBody,
  Payment,
  PaymentBody,
  PaymentDetails,
  RecurrenceBody,
  RecurrenceChange,
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
  // Closing (read-only once everyone is settled) or reopening.
  | { kind: 'event.close'; closed: boolean }
  | { kind: 'expense.save'; body: ExpenditureBody & { id: string } }
  | { kind: 'expense.delete'; expenseId: string }
  // A restore carries the entry as it was, so that it shows again at once, offline too.
  | { kind: 'expense.restore'; expense: Expenditure }
  | { kind: 'payment.save'; body: PaymentBody & { id: string } }
  | { kind: 'payment.delete'; paymentId: string }
  | { kind: 'payment.restore'; payment: Payment }
  | { kind: 'person.add'; body: { id: string; event_id: string; name: string } }
  | { kind: 'person.rename'; personId: string; name: string; base?: { name: string } }
  | { kind: 'person.remove'; personId: string }
  // Replaces how the person can be paid: the last save wins, as it is the person's own word.
  | { kind: 'person.paymentDetails'; personId: string; details: PaymentDetails }
  // The whole list of periods each time: a replay or a newer one in its place changes nothing.
  | { kind: 'person.presence'; personId: string; presence: DatePeriod[] }
  // The person's share in the default split: a replay, or a newer one in its place, is safe.
  | { kind: 'person.defaultWeight'; personId: string; weight: number }
  // A recurring expense, made once by its id; its first occurrence has the expense's own id.
  | { kind: 'recurrence.save'; body: RecurrenceBody }
  // Pause, resume, stop, or replace from a date on (its replacement made once by its id).
  | { kind: 'recurrence.change'; recurrenceId: string; change: RecurrenceChange };

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
