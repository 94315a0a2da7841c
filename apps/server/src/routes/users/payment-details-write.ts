import { isDeepStrictEqual } from 'node:util';
import type { PaymentDetails, User } from '@quits/contract';
import { compactPaymentDetails } from '@quits/contract';
import { isIban } from '@quits/domain';
import { users } from '@server/db/schema';
import { writeEvent } from '@server/events/event-write';
import { toUser } from '@server/events/serializers';
import type { ClientContext } from '@server/http/client-context';
import { notFound, say, unprocessable } from '@server/http/http-error';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * PUT /event/{event_id}/users/{id}/payment-details: replaces how a person can be paid. Anyone
 * in the event may set anyone's, as they may rename them; the change is in the history and
 * reaches the other devices like any change. Saving the same details again changes nothing.
 */
export async function setPaymentDetails(
  app: FastifyInstance,
  eventId: string,
  userId: string,
  body: PaymentDetails,
  client: ClientContext,
): Promise<User> {
  const details = compactPaymentDetails(body);
  if (details?.iban && !isIban(details.iban)) throw unprocessable({ iban: [say('iban_invalid')] });
  return writeEvent(app, eventId, client, async ({ tx, record, touchPeople }) => {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.eventId, eventId), isNull(users.deletedAt)));
    if (!row) throw notFound('person');
    if (isDeepStrictEqual(row.paymentDetails ?? null, details)) return toUser(row);
    const [updated] = await tx
      .update(users)
      .set({ paymentDetails: details, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw notFound('person');
    const user = toUser(updated);
    touchPeople();
    record({
      entity: 'user',
      entityId: userId,
      action: 'updated',
      before: toUser(row),
      after: user,
    });
    return user;
  });
}
