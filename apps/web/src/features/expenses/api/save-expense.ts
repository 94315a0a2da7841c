import type { Expenditure, ExpenditureBody } from '@quits/contract';
import { useEventChange } from '../../../offline/use-event-change';

/** POST /event/{id}/expenditure: creates or updates by the draft's id, so a replay applies once. */
export const useSaveExpense = (eventId: string, whoAmI: string | null) =>
  useEventChange<ExpenditureBody & { id: string }, Expenditure>(eventId, whoAmI, (body) => ({
    kind: 'expense.save',
    body,
  }));
