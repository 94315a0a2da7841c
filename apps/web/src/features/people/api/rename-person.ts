import type { User } from '@quits/contract';
import { useEventChange } from '../../../offline/use-event-change';

/** PUT /event/{event_id}/users/{id}: a new name; expenses and payments keep pointing at the same person. */
export const useRenamePerson = (eventId: string, whoAmI: string | null) =>
  useEventChange<{ id: string; name: string }, User>(eventId, whoAmI, (input) => ({
    kind: 'person.rename',
    personId: input.id,
    name: input.name,
  }));
