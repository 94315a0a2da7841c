import type { User } from '@quits/contract';
import { useEventChange } from '@web/offline/use-event-change';

/** DELETE /event/{event_id}/users/{id}: refused (409) while an expense or payment still names the person. */
export const useRemovePerson = (eventId: string, whoAmI: string | null) =>
  useEventChange<string, User>(eventId, whoAmI, (personId) => ({
    kind: 'person.remove',
    personId,
  }));
