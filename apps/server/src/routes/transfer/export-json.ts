import {
  type Event,
  type EventExport,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type Expenditure,
  type Payment,
  type Recurrence,
} from '@quits/contract';
import { resolvedTies } from '@quits/domain';

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
      time_zone: event.time_zone ?? 'UTC',
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
      exportedExpense(
        expense,
        expense.user_id !== null && people.has(expense.user_id),
        expense.currency_id !== event.currency_id,
      ),
    ),
    payments: event.payments.map(exportedPayment),
    recurrences: (event.recurrences ?? []).map((series) => exportedSeries(series, people)),
  };
}

/** A recurring expense, its receipt left out (photos are not part of an export). */
function exportedSeries(series: Recurrence, people: ReadonlySet<string>) {
  const { receipt_id: _receipt, base: _base, ...expense } = series.expense;
  const author = expense.user_id && people.has(expense.user_id) ? expense.user_id : null;
  return {
    id: series.id,
    expense: { ...expense, user_id: author },
    repeat: series.repeat,
    next_index: series.next_index,
    paused_at: series.paused_at,
    stopped_at: series.stopped_at,
  };
}

/**
 * `converted`: the expense is not in the event's currency, so converting it may leave odd minor
 * units, and the file says who gets them (`ties`, domain `resolvedTies`): the ids it carries
 * are not the ones an import keeps, and a copy of a copy must still split as the original.
 */
function exportedExpense(expense: Expenditure, authorKnown: boolean, converted: boolean) {
  return {
    id: expense.id,
    user_id: authorKnown ? expense.user_id : null,
    kind: expense.kind ?? 'expense',
    recurrence_id: expense.recurrence_id ?? null,
    occurrence_date: expense.occurrence_date ?? null,
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
    ...(converted ? { ties: resolvedTies(expense) } : {}),
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
