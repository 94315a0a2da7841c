import type {
  Event,
  EventCreate,
  Expenditure,
  Payment,
  PaymentDetails,
  User,
} from '@quits/contract';
import type { Command } from './commands';
import { pendingRate } from './pending-rate';

/**
 * How a waiting recurring expense shows, loaded apart: its date rules are not part of a first
 * visit's download. Until it has loaded, such a change waits unseen (`useEvent` loads it as soon
 * as one is in the queue, and on every screen once the first one has settled).
 */
let recurrenceShown: typeof import('./apply-recurrence') | null = null;

/** Whether waiting recurring expenses can show yet. */
export function recurrenceApplierLoaded(): boolean {
  return recurrenceShown !== null;
}

/** Loads how waiting recurring expenses show. */
export async function loadRecurrenceApplier(): Promise<void> {
  recurrenceShown ??= await import('./apply-recurrence');
}

/** Replaces the item with the same id, or appends it. */
function upsert<T extends { id: string }>(items: readonly T[], item: T): T[] {
  const index = items.findIndex((known) => known.id === item.id);
  if (index < 0) return [...items, item];
  return items.map((known, i) => (i === index ? item : known));
}

/**
 * The list with a restored entry back in date order (lists show entries by date); an entry
 * still in the list (restored twice, or never deleted) stays as it is.
 */
function restored<T extends { id: string; date: string }>(items: readonly T[], item: T): T[] {
  if (items.some((known) => known.id === item.id)) return [...items];
  const after = items.findIndex((known) => known.date > item.date);
  return after < 0 ? [...items, item] : [...items.slice(0, after), item, ...items.slice(after)];
}

/** The event a waiting `event.create` stands for, until the server has it. */
export function eventOfCreate(command: Command): Event | null {
  const { change } = command;
  return change.kind === 'event.create' ? eventFromCreate(change.body, command.createdAt) : null;
}

/** The event that creating `body` makes, as far as the device can tell without the server. */
export function eventFromCreate(body: EventCreate & { id: string }, createdAt: string): Event {
  return {
    id: body.id,
    name: body.name,
    desc: body.desc ?? '',
    image: body.image ?? null,
    currency_id: body.currency_id,
    currency: null,
    currency_rates: body.currency_rates ?? [],
    time_zone: body.time_zone ?? 'UTC',
    users: (body.users ?? []).map((user) => ({
      id: user.id ?? crypto.randomUUID(),
      event_id: body.id,
      name: user.name,
    })),
    expenditures: [],
    payments: [],
    created_at: createdAt,
    updated_at: createdAt,
    deleted_at: null,
  };
}

/**
 * The event as it will be once the server has applied `command`: what the screens show while
 * the change waits in the queue (optimistic). Deletes remove the item; saves replace or add it.
 * The server's answer replaces this copy once the change is through.
 */
export function applyCommand(event: Event, command: Command): Event {
  const { change } = command;
  const now = command.createdAt;
  const name = (personId: string) => event.users.find((user) => user.id === personId)?.name ?? null;
  switch (change.kind) {
    case 'event.create':
      return event;
    case 'event.update': {
      // The base is what the server had, not part of the event as it will be.
      const { base: _base, ...body } = change.body;
      return {
        ...event,
        ...Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
        // A new event currency's details come with the server's answer.
        currency:
          body.currency_id && body.currency_id !== event.currency_id ? null : event.currency,
        updated_at: now,
      };
    }
    case 'event.close':
      return { ...event, closed_at: change.closed ? now : null, updated_at: now };
    case 'expense.save': {
      const { body } = change;
      const previous = event.expenditures.find((expense) => expense.id === body.id);
      const expense: Expenditure = {
        id: body.id,
        event_id: event.id,
        user_id: body.user_id ?? previous?.user_id ?? null,
        // Left out (an older copy's body), it stays what it was, as on the server.
        kind: body.kind ?? previous?.kind ?? 'expense',
        title: body.title,
        desc: body.desc ?? '',
        date: body.date,
        amount: body.amount,
        currency_id: body.currency_id,
        category: body.category ?? null,
        split: body.split ?? null,
        payer: body.payer,
        participant: body.participant,
        // Left out, the expense keeps its receipt photo, as on the server.
        receipt_id:
          body.receipt_id === undefined ? (previous?.receipt_id ?? null) : body.receipt_id,
        // Left out, it keeps its attachments, as on the server.
        attachments: body.attachments ?? previous?.attachments ?? [],
        rate: pendingRate(body, previous, event.currency_id),
        // Never in a body: an imported expense keeps its original's, as on the server.
        ...(previous?.ties ? { ties: previous.ties } : {}),
        created_at: previous?.created_at ?? now,
        updated_at: now,
        deleted_at: null,
      };
      return { ...event, expenditures: upsert(event.expenditures, expense) };
    }
    case 'expense.delete':
      return {
        ...event,
        expenditures: event.expenditures.filter((expense) => expense.id !== change.expenseId),
      };
    case 'expense.restore':
      return {
        ...event,
        expenditures: restored(event.expenditures, { ...change.expense, deleted_at: null }),
      };
    case 'payment.save': {
      const { body } = change;
      const previous = event.payments.find((payment) => payment.id === body.id);
      const payment: Payment = {
        id: body.id,
        event_id: event.id,
        date: body.date ?? now.slice(0, 10),
        title: body.title ?? '',
        payer_id: body.payer_id,
        payer_name: name(body.payer_id),
        payee_id: body.payee_id,
        payee_name: name(body.payee_id),
        amount: body.amount,
        currency_id: body.currency_id ?? event.currency_id,
        percentage: body.percentage ?? null,
        attachments: body.attachments ?? previous?.attachments ?? [],
        created_at: previous?.created_at ?? now,
        updated_at: now,
        deleted_at: null,
      };
      return { ...event, payments: upsert(event.payments, payment) };
    }
    case 'payment.delete':
      return {
        ...event,
        payments: event.payments.filter((payment) => payment.id !== change.paymentId),
      };
    case 'payment.restore':
      return {
        ...event,
        payments: restored(event.payments, { ...change.payment, deleted_at: null }),
      };
    case 'person.add':
      return {
        ...event,
        users: upsert(event.users, {
          id: change.body.id,
          event_id: event.id,
          name: change.body.name,
        }),
      };
    case 'person.rename':
      return {
        ...event,
        users: event.users.map((user) =>
          user.id === change.personId ? { ...user, name: change.name } : user,
        ),
      };
    case 'person.remove':
      return { ...event, users: event.users.filter((user) => user.id !== change.personId) };
    case 'person.paymentDetails':
      return {
        ...event,
        users: event.users.map((user) =>
          user.id === change.personId ? withPaymentDetails(user, change.details) : user,
        ),
      };
    case 'person.presence':
      return {
        ...event,
        users: event.users.map((user) =>
          user.id === change.personId ? { ...user, presence: change.presence } : user,
        ),
      };
    case 'person.defaultWeight':
      return {
        ...event,
        users: event.users.map((user) =>
          user.id === change.personId ? { ...user, default_weight: change.weight } : user,
        ),
      };
    case 'recurrence.save':
      return recurrenceShown ? recurrenceShown.withNewSeries(event, change.body, now) : event;
    case 'recurrence.change':
      return recurrenceShown
        ? recurrenceShown.withSeriesChange(event, change.recurrenceId, change.change, now)
        : event;
  }
}

/** The event with every waiting change of it applied in order; refused ones are left out. */
export function applyPending(event: Event, commands: readonly Command[]): Event {
  return commands.reduce(
    (current, command) =>
      command.eventId === event.id && !command.rejected ? applyCommand(current, command) : current,
    event,
  );
}

/** The person with these details, or none when every field is empty (as the server keeps them). */
function withPaymentDetails(user: User, details: PaymentDetails): User {
  const { payment_details: _old, ...rest } = user;
  // Kept inline rather than imported with the contract's schemas: this file is on the first load.
  const kept = Object.fromEntries(Object.entries(details).filter(([, value]) => !!value));
  return Object.keys(kept).length > 0 ? { ...rest, payment_details: kept } : rest;
}
