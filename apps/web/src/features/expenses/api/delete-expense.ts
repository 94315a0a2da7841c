import { useEventChange } from '@web/offline/use-event-change';

/** DELETE /event/{id}/expenditure/{expenseId} (soft; the history can restore it). */
export const useDeleteExpense = (eventId: string, whoAmI: string | null) =>
  useEventChange<string>(eventId, whoAmI, (expenseId) => ({ kind: 'expense.delete', expenseId }));
