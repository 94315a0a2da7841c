import type { User } from '@quits/contract';
import { useEventChange } from '@web/offline/use-event-change';

/** POST /users with a client id, so that a replayed call adds the person once. */
export const useAddPerson = (eventId: string, whoAmI: string | null) =>
  useEventChange<string, User>(eventId, whoAmI, (name) => ({
    kind: 'person.add',
    body: { id: crypto.randomUUID(), event_id: eventId, name },
  }));
