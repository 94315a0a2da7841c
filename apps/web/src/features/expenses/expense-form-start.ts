import type { Currency, Event, Expenditure, ExpenditureBase, Recurrence } from '@quits/contract';
import { idInNavigation } from '@web/lib/navigation-state';
import { occurrenceOf } from '@web/lib/recurrence-occurrence';
import type { Command } from '@web/offline/commands';
import { expenseBaseIn } from '@web/offline/edit-base';
import { refusedExpenseEdit } from '@web/offline/refused-edit';
import { draftOf, type ExpenseDraft } from './expense-draft';

/** How the expense form starts: its draft, and the base its save carries (none: a create). */
export interface ExpenseFormStart {
  draft: ExpenseDraft | null;
  base: ExpenditureBase | undefined;
}

/**
 * The draft of `expense` in `event`, which may not hold it (a refused create): people no longer
 * in the event are left out of the payers, so that the form can be saved once corrected.
 */
export function draftOfEntry(
  event: Event,
  expense: Expenditure,
  currencies: readonly Currency[],
  me: string | null,
): ExpenseDraft | null {
  const withEntry = {
    ...event,
    expenditures: [...event.expenditures.filter((known) => known.id !== expense.id), expense],
  };
  const draft = draftOf(withEntry, expense.id, currencies);
  if (!draft) return null;
  const present = draft.payers.filter((line) =>
    event.users.some((user) => user.id === line.userId),
  );
  const fallback = me ?? event.users[0]?.id ?? '';
  return {
    ...draft,
    payers: present.length > 0 ? present : [{ userId: fallback, amountText: draft.amountText }],
  };
}

/**
 * A recurring expense reopened to change it from a date on: a new expense (its own id) copying
 * what each occurrence copies, dated its next date (today at the earliest).
 */
export function draftOfSeries(
  event: Event,
  series: Recurrence,
  currencies: readonly Currency[],
  me: string | null,
  today: string,
): ExpenseDraft | null {
  const template = series.expense;
  const date = series.next_date && series.next_date > today ? series.next_date : today;
  const now = new Date().toISOString();
  const at = { id: crypto.randomUUID(), eventId: event.id, date, now, first: false };
  const entry = occurrenceOf(template, at, null);
  const draft = draftOfEntry(event, entry, currencies, me);
  // The rate of each occurrence's date, unless one was typed for them all.
  return draft && template.rate?.source === 'manual' && template.rate.value
    ? { ...draft, rateMode: 'manual', rateText: String(template.rate.value) }
    : draft;
}

/**
 * An existing expense opens as it is here, measured against the server's copy when the form
 * opened (`server`); a refused change opens as `refusedExpenseEdit` says.
 */
export function expenseFormStart(options: {
  event: Event;
  server: Event | undefined;
  expenseId: string;
  refused: Command | undefined;
  currencies: readonly Currency[];
  me: string | null;
}): ExpenseFormStart {
  const { event, refused, currencies, me } = options;
  const edit = refused ? refusedExpenseEdit(refused, event) : null;
  if (edit) return { draft: draftOfEntry(event, edit.entry, currencies, me), base: edit.base };
  return {
    draft: draftOf(event, options.expenseId, currencies),
    base: expenseBaseIn(options.server, options.expenseId),
  };
}

/**
 * A copy of `expense` to save as a new one (its own id), dated `today`: who paid, for whom and
 * how it is split stay; its photos and receipt stay with the original alone.
 */
export function draftOfDuplicate(
  event: Event,
  expense: Expenditure,
  currencies: readonly Currency[],
  me: string | null,
  today: string,
): ExpenseDraft | null {
  const draft = draftOfEntry(event, expense, currencies, me);
  return draft
    ? {
        ...draft,
        id: crypto.randomUUID(),
        date: today,
        receiptId: null,
        attachments: [],
        followsPresence: false,
      }
    : null;
}

/** The expense the form was asked to copy (`{ duplicate: id }`), if the event holds it. */
export function duplicateOfNavigation(state: unknown, event: Event | undefined) {
  const id = idInNavigation(state, 'duplicate');
  return event?.expenditures.find((expense) => expense.id === id) ?? null;
}
