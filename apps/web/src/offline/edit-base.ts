import type {
  Event,
  EventBase,
  Expenditure,
  ExpenditureBase,
  Payment,
  PaymentBase,
} from '@quits/contract';

/**
 * The `base` of an update: an entry's own fields as the device last had them from the server,
 * so that the server can tell which fields this device changed and merge them with what other
 * devices changed meanwhile. Always taken from the server's copy of the event, never from the
 * copy with this device's waiting changes on top: those changes are what the update carries.
 */
export function expenseBase(expense: Expenditure): ExpenditureBase {
  return {
    kind: expense.kind ?? 'expense',
    title: expense.title,
    desc: expense.desc,
    date: expense.date,
    amount: expense.amount,
    currency_id: expense.currency_id,
    category: expense.category,
    split: expense.split,
    payer: expense.payer,
    participant: expense.participant,
    receipt_id: expense.receipt_id ?? null,
    attachments: expense.attachments ?? [],
  };
}

export function paymentBase(payment: Payment): PaymentBase {
  return {
    date: payment.date,
    title: payment.title,
    payer_id: payment.payer_id,
    payee_id: payment.payee_id,
    amount: payment.amount,
    currency_id: payment.currency_id,
    percentage: payment.percentage,
    attachments: payment.attachments ?? [],
  };
}

export function eventBase(event: Pick<Event, keyof EventBase>): EventBase {
  return {
    name: event.name,
    desc: event.desc,
    image: event.image,
    currency_id: event.currency_id,
    currency_rates: event.currency_rates,
  };
}

/**
 * The base of an edit of expense `id` in the server's copy `server`; undefined when the server
 * does not have it yet (made on this device and still waiting): a create has no base.
 */
export function expenseBaseIn(server: Event | undefined, id: string): ExpenditureBase | undefined {
  const expense = server?.expenditures.find((known) => known.id === id);
  return expense ? expenseBase(expense) : undefined;
}

export function paymentBaseIn(server: Event | undefined, id: string): PaymentBase | undefined {
  const payment = server?.payments.find((known) => known.id === id);
  return payment ? paymentBase(payment) : undefined;
}

export function personBaseIn(server: Event | undefined, id: string): { name: string } | undefined {
  const person = server?.users.find((known) => known.id === id);
  return person ? { name: person.name } : undefined;
}

/** `body` with `base` beside it; as it is when there is none (a create). */
export const bodyWithBase = <Body extends object, Base>(body: Body, base: Base | undefined) =>
  base === undefined ? body : { ...body, base };
