import { isDeepStrictEqual } from 'node:util';
import type { PaymentDetails, User } from '@quits/contract';
import { compactPaymentDetails } from '@quits/contract';
import { isIban } from '@quits/domain';
import type { ClientContext } from '@server/http/client-context';
import { say, unprocessable } from '@server/http/http-error';
import type { FastifyInstance } from 'fastify';
import { updatePerson } from './person-update';

/**
 * PUT /event/{event_id}/users/{id}/payment-details: replaces how a person can be paid. Anyone
 * in the event may set anyone's, as they may rename them; the change is in the history and
 * reaches the other devices like any change. Saving the same details again changes nothing.
 */
export function setPaymentDetails(
  app: FastifyInstance,
  eventId: string,
  userId: string,
  body: PaymentDetails,
  client: ClientContext,
): Promise<User> {
  const details = compactPaymentDetails(body);
  if (details?.iban && !isIban(details.iban)) throw unprocessable({ iban: [say('iban_invalid')] });
  return updatePerson(app, { eventId, userId }, client, (row) =>
    isDeepStrictEqual(row.paymentDetails ?? null, details) ? null : { paymentDetails: details },
  );
}
