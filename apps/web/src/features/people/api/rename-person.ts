import type { User } from '@quits/contract';
import { personBaseIn } from '@web/offline/edit-base';
import { useServerEventAtStart } from '@web/offline/server-event';
import { useEventChange } from '@web/offline/use-event-change';

/** A new name; `base`, when a conflict was settled, is the name to measure it against. */
export interface RenameInput {
  id: string;
  name: string;
  base?: { name: string };
}

/**
 * PUT /event/{event_id}/users/{id}: a new name; expenses and payments keep pointing at the same
 * person. It carries the name the server had when the dialog opened, so that two devices renaming
 * at once are told rather than the last one winning unseen.
 */
export function useRenamePerson(eventId: string, whoAmI: string | null) {
  const server = useServerEventAtStart(eventId);
  return useEventChange<RenameInput, User>(eventId, whoAmI, (input) => {
    const base = input.base ?? personBaseIn(server, input.id);
    return { kind: 'person.rename', personId: input.id, name: input.name, ...(base && { base }) };
  });
}
