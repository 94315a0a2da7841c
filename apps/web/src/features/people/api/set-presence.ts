import type { DatePeriod, User } from '@quits/contract';
import { useEventChange } from '@web/offline/use-event-change';

export interface PresenceInput {
  personId: string;
  presence: DatePeriod[];
}

/**
 * PUT /event/{event_id}/users/{id}/presence: when the person was there (none = always). The whole
 * list goes each time, so a replay after being offline, or a newer list in its place, is safe.
 */
export const useSetPresence = (eventId: string, whoAmI: string | null) =>
  useEventChange<PresenceInput, User>(eventId, whoAmI, (input) => ({
    kind: 'person.presence',
    personId: input.personId,
    presence: input.presence,
  }));
