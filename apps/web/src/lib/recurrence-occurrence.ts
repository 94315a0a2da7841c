import type { Expenditure, Recurrence } from '@quits/contract';

/**
 * One occurrence of a recurring expense as the device shows it before the server has made it:
 * the expense the series copies, on `date`, under `id`. The receipt and the attachments stay
 * with the first one alone (they are one purchase's), as on the server; the rate is the
 * server's to decide for each date.
 */
export function occurrenceOf(
  template: Recurrence['expense'],
  at: { id: string; eventId: string; date: string; now: string; first: boolean },
  recurrenceId: string | null,
): Expenditure {
  const { base: _base, ...expense } = template;
  return {
    ...expense,
    id: at.id,
    event_id: at.eventId,
    user_id: expense.user_id ?? null,
    desc: expense.desc ?? '',
    date: at.date,
    category: expense.category ?? null,
    split: expense.split ?? null,
    receipt_id: at.first ? (expense.receipt_id ?? null) : null,
    attachments: at.first ? (expense.attachments ?? []) : [],
    rate: null,
    recurrence_id: recurrenceId,
    created_at: at.now,
    updated_at: at.now,
    deleted_at: null,
  };
}
