import type { Expenditure, ExpenditureBody } from '@quits/contract';
import { bodyWithBase, expenseBaseIn } from '@web/offline/edit-base';
import { useServerEventAtStart } from '@web/offline/server-event';
import { useEventChange } from '@web/offline/use-event-change';

/**
 * POST /event/{id}/expenditure: creates or updates by the draft's id, so a replay applies once.
 * An update carries its base, the expense as the server had it when the form opened, unless the
 * body brings its own (an edit of a refused change, measured against the server's current one).
 */
export function useSaveExpense(eventId: string, whoAmI: string | null, replaces?: string) {
  const server = useServerEventAtStart(eventId);
  return useEventChange<ExpenditureBody & { id: string }, Expenditure>(
    eventId,
    whoAmI,
    (body) => ({
      kind: 'expense.save',
      body: 'base' in body ? body : bodyWithBase(body, expenseBaseIn(server, body.id)),
    }),
    replaces,
  );
}
