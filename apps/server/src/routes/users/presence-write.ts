import type { User, UserPresence } from '@quits/contract';
import type { ClientContext } from '@server/http/client-context';
import type { FastifyInstance } from 'fastify';
import { updatePerson } from './person-update';

/**
 * Periods in date order with their keys in one order (jsonb keeps its own key order), so that
 * the same periods typed in another order compare equal and are no change.
 */
function sorted(presence: UserPresence['presence']): UserPresence['presence'] {
  return presence
    .map(({ from, to }) => ({ from, to }))
    .sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/**
 * PUT /event/{event_id}/users/{id}/presence: replaces a person's presence periods (none = always).
 * The whole list is sent each time, so a replay of the same change changes nothing; the history
 * keeps the periods before and after.
 */
export function setPresence(
  app: FastifyInstance,
  eventId: string,
  userId: string,
  body: UserPresence,
  client: ClientContext,
): Promise<User> {
  const presence = sorted(body.presence);
  return updatePerson(app, { eventId, userId }, client, (row) =>
    JSON.stringify(presence) === JSON.stringify(sorted(row.presence)) ? null : { presence },
  );
}
