import type { User } from '@quits/contract';
import { useEventChange } from '@web/offline/use-event-change';

export interface DefaultWeightInput {
  personId: string;
  weight: number;
}

/**
 * PUT /event/{event_id}/users/{id}/default-weight: the person's share in the event's default
 * split. Saved offline too; a replay or a newer share in its place changes nothing twice.
 */
export const useSetDefaultWeight = (eventId: string, whoAmI: string | null) =>
  useEventChange<DefaultWeightInput, User>(eventId, whoAmI, (input) => ({
    kind: 'person.defaultWeight',
    personId: input.personId,
    weight: input.weight,
  }));
