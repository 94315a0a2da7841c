import type { Recurrence, RecurrenceBody, RecurrenceChange } from '@quits/contract';
import { useEventChange } from '@web/offline/use-event-change';

/** POST /event/{id}/recurrences: a new series, made once by its id, offline too. */
export function useSaveRecurrence(eventId: string, whoAmI: string | null) {
  return useEventChange<RecurrenceBody, Recurrence>(eventId, whoAmI, (body) => ({
    kind: 'recurrence.save',
    body,
  }));
}

/** PUT /event/{id}/recurrences/{id}: pause, resume, stop, or replace from a date on. */
export function useChangeRecurrence(eventId: string, whoAmI: string | null) {
  return useEventChange<{ id: string; change: RecurrenceChange }, Recurrence>(
    eventId,
    whoAmI,
    ({ id, change }) => ({ kind: 'recurrence.change', recurrenceId: id, change }),
  );
}
