import {
  editConflictAnswerSchema,
  entryDeletedAnswerSchema,
  errorBodySchema,
  eventClosedAnswerSchema,
  eventGoneSchema,
  eventNotSettledAnswerSchema,
  removedPeopleAnswerSchema,
} from '@quits/contract';
import { bodyOf, say } from '@server/http/http-error';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The error answers every route may give, for the OpenAPI document. */
export const errorResponses = {
  400: errorBodySchema,
  404: errorBodySchema,
  /**
   * An edit that conflicts with another device's, or of an entry deleted meanwhile, a change of
   * a closed event, closing one not settled, or other.
   */
  409: z.union([
    editConflictAnswerSchema,
    entryDeletedAnswerSchema,
    eventClosedAnswerSchema,
    eventNotSettledAnswerSchema,
    errorBodySchema,
  ]),
  /** A deleted event, with the dates it was deleted and can be restored until. */
  410: eventGoneSchema,
  /** Invalid data; when it names people no longer in the event, who they were. */
  422: z.union([removedPeopleAnswerSchema, errorBodySchema]),
} as const;

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Sends JSON that was serialised once and cached (an event, the currency list) without
 * serialising it again. Typed on the plain reply: the bytes were built from the same schemas.
 */
export function sendJsonBytes(reply: FastifyReply, body: Buffer, status = 200): FastifyReply {
  return reply.status(status).type(JSON_CONTENT_TYPE).send(body);
}

/** Seconds a client is asked to wait when too much work of one kind is under way. */
export const BUSY_RETRY_SECONDS = 5;

/**
 * 503 with `Retry-After`: too much work of one kind (`busy`: receipts read, reports or exports
 * made, PDFs cleaned) is under way at once; the client tries again a little later.
 */
export function sendBusy(
  reply: FastifyReply,
  busy: 'busy_receipts' | 'busy_statements' | 'busy_exports' | 'busy_attachments',
): FastifyReply {
  return reply
    .status(503)
    .header('retry-after', String(BUSY_RETRY_SECONDS))
    .send(bodyOf(say(busy, { seconds: BUSY_RETRY_SECONDS })));
}
