import {
  type Event,
  type EventExport,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type Expenditure,
  type Payment,
} from '@quits/contract';

/**
 * The live event as our export file: its own fields, people, expenses and payments, with the
 * ids they refer to each other by. Everything an import needs to rebuild it, nothing of the
 * server's bookkeeping (versions, the history, deleted entries, receipt photos).
 */
export function buildEventExport(
  event: Event,
  exportedAt: Date,
  withPaymentDetails = false,
): EventExport {
  const people = new Set(event.users.map((person) => person.id));
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: exportedAt.toISOString(),
    event: {
      name: event.name,
      desc: event.desc,
      image: event.image,
      currency_id: event.currency_id,
      currency_rates: event.currency_rates.map(({ currency_id, exchange_rate }) => ({
        currency_id,
        exchange_rate,
      })),
    },
    // Payment details are personal: in the file only when the person exporting asked.
    people: event.users.map(({ id, name, payment_details, presence = [], default_weight = 1 }) =>
      withPaymentDetails && payment_details
        ? { id, name, presence, default_weight, payment_details }
        : { id, name, presence, default_weight },
    ),
    // The author may have been removed since; the file then names no author, so that every id
    // it holds is one of its people.
    expenditures: event.expenditures.map((expense) =>
      exportedExpense(expense, expense.user_id !== null && people.has(expense.user_id)),
    ),
    payments: event.payments.map(exportedPayment),
  };
}

function exportedExpense(expense: Expenditure, authorKnown: boolean) {
  return {
    id: expense.id,
    user_id: authorKnown ? expense.user_id : null,
    kind: expense.kind ?? 'expense',
    title: expense.title,
    desc: expense.desc,
    date: expense.date,
    amount: expense.amount,
    currency_id: expense.currency_id,
    category: expense.category,
    split: expense.split,
    payer: expense.payer.map(({ user_id, amount }) => ({ user_id, amount })),
    participant: expense.participant.map(({ user_id, amount }) => ({ user_id, amount })),
    rate: expense.rate ?? null,
    created_at: expense.created_at,
  };
}

function exportedPayment(payment: Payment) {
  return {
    id: payment.id,
    date: payment.date,
    title: payment.title,
    payer_id: payment.payer_id,
    payee_id: payment.payee_id,
    amount: payment.amount,
    currency_id: payment.currency_id,
    percentage: payment.percentage,
    created_at: payment.created_at,
  };
}
