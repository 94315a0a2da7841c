import type { Event, User } from '@quits/contract';
import { daysPresent, isPresentOn } from '@quits/domain';
import { type ExpenseDraft, monthOf, presentOn } from './expense-draft';

/**
 * Who is there during `period` (both ends counted): anyone there on at least one of its days.
 * Null while the period is not a whole one yet (an end missing, or before the start).
 */
export function presentDuring(event: Event, period: ExpenseDraft['period']): Set<string> | null {
  const { from, to } = period;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || to < from) {
    return null;
  }
  return new Set(
    event.users
      .filter((user) => daysPresent(user.presence ?? [], from, to) > 0)
      .map((user) => user.id),
  );
}

/**
 * The draft with its people ticked by presence again, while a new expense follows presence
 * (nobody ticked by hand): split by days present, everyone there on any day of its period (their
 * days weigh their shares: Dan, there 6 days of a 30-day rent, pays for 6); otherwise the people
 * there on its date. An edit, or a draft the person has ticked, keeps its people as they are.
 */
export function tickedByPresence(draft: ExpenseDraft, event: Event): ExpenseDraft {
  if (!draft.followsPresence) return draft;
  const present =
    draft.mode === 'days'
      ? presentDuring(event, draft.period)
      : draft.date === ''
        ? null
        : presentOn(event, draft.date);
  // The split by items has its own people, item by item.
  if (!present || draft.mode === 'items') return draft;
  const shares = Object.fromEntries(
    Object.entries(draft.shares).map(([userId, share]) => [
      userId,
      { ...share, included: present.has(userId) },
    ]),
  );
  return { ...draft, shares };
}

/**
 * The draft on a new date. While a new expense follows presence, the period a split by days
 * covers moves to the date's month, and the people are ticked again for it.
 */
export function withDate(draft: ExpenseDraft, event: Event, date: string): ExpenseDraft {
  if (!draft.followsPresence || date === '') return { ...draft, date };
  return tickedByPresence({ ...draft, date, period: monthOf(date) }, event);
}

/**
 * Who the form left out because they were not there on its date, for the note under the people
 * (split evenly or by shares). Someone ticked anyway is not listed: the person chose.
 */
export function leftOutByPresence(draft: ExpenseDraft, event: Event): User[] {
  if (draft.mode !== 'evenly' && draft.mode !== 'shares') return [];
  if (draft.date === '') return [];
  return event.users.filter(
    (user) => !draft.shares[user.id]?.included && !isPresentOn(user.presence ?? [], draft.date),
  );
}
