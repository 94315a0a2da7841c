import type { Event, User } from '@quits/contract';
import { isPresentOn } from '@quits/domain';
import { type ExpenseDraft, monthOf, presentOn } from './expense-draft';

/**
 * The draft on a new date. While a new expense's people follow presence (nobody ticked by hand),
 * they are ticked again for the new date, and the period a split by days covers moves to its
 * month; an edit, or a draft the person has ticked, keeps its people as they are.
 */
export function withDate(draft: ExpenseDraft, event: Event, date: string): ExpenseDraft {
  if (!draft.followsPresence || date === '') return { ...draft, date };
  const present = presentOn(event, date);
  const shares = Object.fromEntries(
    Object.entries(draft.shares).map(([userId, share]) => [
      userId,
      { ...share, included: present.has(userId) },
    ]),
  );
  return { ...draft, date, shares, period: monthOf(date) };
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
