import type { User, UserDefaultWeight } from '@quits/contract';
import type { ClientContext } from '@server/http/client-context';
import type { FastifyInstance } from 'fastify';
import { updatePerson } from './person-update';

/**
 * PUT /event/{event_id}/users/{id}/default-weight: the person's share in the event's default
 * split, which every new expense starts from. Setting the same weight again changes nothing, so
 * a replay is harmless; the history keeps the weight before and after.
 */
export function setDefaultWeight(
  app: FastifyInstance,
  eventId: string,
  userId: string,
  body: UserDefaultWeight,
  client: ClientContext,
): Promise<User> {
  return updatePerson(app, { eventId, userId }, client, (row) =>
    row.defaultWeight === body.default_weight ? null : { defaultWeight: body.default_weight },
  );
}
