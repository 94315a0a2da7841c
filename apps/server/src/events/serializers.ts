import type {
  Category,
  CurrencyRate,
  EventSummary,
  Expenditure,
  Payment,
  Recurrence,
  User,
} from '@quits/contract';
import type { events, expenditures, payments, recurrences, users } from '@server/db/schema';

type EventRow = typeof events.$inferSelect;
type UserRow = typeof users.$inferSelect;
type ExpenditureRow = typeof expenditures.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type RecurrenceRow = typeof recurrences.$inferSelect;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** Rows to the API's shapes (the spec's snake_case field names). */
export function toEventSummary(row: EventRow, rates: readonly CurrencyRate[]): EventSummary {
  return {
    id: row.id,
    name: row.name,
    desc: row.desc,
    image: row.image,
    currency_id: row.currencyId,
    currency_rates: [...rates],
    time_zone: row.timeZone,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: iso(row.deletedAt),
    closed_at: iso(row.closedAt),
  };
}

export function toUser(row: UserRow): User {
  const user: User = {
    id: row.id,
    event_id: row.eventId,
    name: row.name,
    presence: row.presence,
    default_weight: row.defaultWeight,
  };
  if (row.paymentDetails) user.payment_details = row.paymentDetails;
  return user;
}

export function toExpenditure(row: ExpenditureRow): Expenditure {
  return {
    id: row.id,
    event_id: row.eventId,
    user_id: row.userId,
    kind: row.kind,
    title: row.title,
    desc: row.desc,
    date: row.date,
    amount: row.amount,
    currency_id: row.currencyId,
    category: (row.category as Category | null) ?? null,
    split: row.split ?? null,
    payer: row.payer,
    participant: row.participant,
    receipt_id: row.receiptId,
    rate: row.rate ?? null,
    recurrence_id: row.recurrenceId,
    occurrence_date: row.occurrenceDate,
    // Only an imported expense has its own: every other one's are made from its ids.
    ...(row.ties ? { ties: row.ties } : {}),
    attachments: row.attachments,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: iso(row.deletedAt),
  };
}

export function toRecurrence(row: RecurrenceRow): Recurrence {
  return {
    id: row.id,
    event_id: row.eventId,
    expense: row.expense as Recurrence['expense'],
    repeat: {
      frequency: row.frequency as Recurrence['repeat']['frequency'],
      start: row.start,
      until: row.until,
      count: row.count,
    },
    next_date: row.nextDate,
    next_index: row.nextIndex,
    paused_at: iso(row.pausedAt),
    stopped_at: iso(row.stoppedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** `names` resolves people's names, deleted people included, for payer_name and payee_name. */
export function toPayment(row: PaymentRow, names: ReadonlyMap<string, string>): Payment {
  return {
    id: row.id,
    event_id: row.eventId,
    date: row.date,
    title: row.title,
    payer_id: row.payerId,
    payer_name: names.get(row.payerId) ?? null,
    payee_id: row.payeeId,
    payee_name: names.get(row.payeeId) ?? null,
    amount: row.amount,
    currency_id: row.currencyId,
    percentage: row.percentage,
    attachments: row.attachments,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: iso(row.deletedAt),
  };
}
