import type { Command } from './commands';

/**
 * The HTTP call that carries a change to the server. Apart from the commands themselves: the
 * queue, which every screen loads, needs none of it; only sending does (`send-change.ts`,
 * `replay.ts`), which loads with the first change.
 */
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
    case 'event.close':
      return { method: 'POST', path: `/events/${event}/${change.closed ? 'close' : 'reopen'}` };
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
    case 'person.paymentDetails':
      return {
        method: 'PUT',
        path: `/event/${event}/users/${encodeURIComponent(change.personId)}/payment-details`,
        body: change.details,
      };
    case 'person.remove':
      return {
        method: 'DELETE',
        path: `/event/${event}/users/${encodeURIComponent(change.personId)}`,
      };
    case 'person.presence':
      return {
        method: 'PUT',
        path: `/event/${event}/users/${encodeURIComponent(change.personId)}/presence`,
        body: { presence: change.presence },
      };
    case 'recurrence.save':
      return { method: 'POST', path: `/event/${event}/recurrences`, body: change.body };
    case 'recurrence.change':
      return {
        method: 'PUT',
        path: `/event/${event}/recurrences/${encodeURIComponent(change.recurrenceId)}`,
        body: change.change,
      };
    case 'person.defaultWeight':
      return {
        method: 'PUT',
        path: `/event/${event}/users/${encodeURIComponent(change.personId)}/default-weight`,
        body: { default_weight: change.weight },
      };
  }
}
