import multipart from '@fastify/multipart';
import {
  dataEnvelope,
  errorBodySchema,
  eventGoneSchema,
  eventIdSchema,
  RECEIPT_LIMITS,
  receiptAnalysisSchema,
  uuidSchema,
} from '@quits/contract';
import { missingEvent } from '@server/events/event-gone';
import { oneFileLimits } from '@server/http/file-upload';
import { notFound } from '@server/http/http-error';
import { ReadingBusyError } from '@server/receipts/receipt-analyser';
import { takeReceipt } from '@server/receipts/receipt-intake';
import { readReceiptImage } from '@server/receipts/receipt-store';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, sendBusy } from '../responses';
import { RECEIPT_FIELD, readReceiptUpload } from './receipt-upload';

/** A stored receipt never changes under its id: browsers may keep it (privately) for a year. */
const IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** Receipt photos: analyse one (stored with its analysis), and fetch its image. */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in this plugin only (the attachments' has its own): no other route takes multipart.
  await app.register(multipart, { limits: oneFileLimits(RECEIPT_LIMITS.maxBytes) });

  app.post(
    '/event/:event_id/receipts/analyze',
    {
      schema: {
        tags: ['receipts'],
        summary: 'Analyse a receipt photo and keep it for an expense',
        description: `multipart/form-data with the photo in the field \`${RECEIPT_FIELD}\`: JPEG, PNG, WebP or HEIC (by content), at most ${RECEIPT_LIMITS.maxBytes} bytes and ${RECEIPT_LIMITS.maxPixels} pixels. Amounts in the answer are minor units of its currency_id.`,
        consumes: ['multipart/form-data'],
        params: z.object({ event_id: eventIdSchema }),
        response: {
          201: dataEnvelope(receiptAnalysisSchema),
          ...errorResponses,
          413: errorBodySchema,
          415: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const analysis = await takeReceipt(app, request.params.event_id, () =>
          readReceiptUpload(request),
        );
        return reply.status(201).send({ data: analysis });
      } catch (error) {
        if (!(error instanceof ReadingBusyError)) throw error;
        request.log.warn('receipt reading busy');
        return sendBusy(reply, 'busy_receipts');
      }
    },
  );

  app.get(
    '/event/:event_id/receipts/:receipt_id',
    {
      schema: {
        tags: ['receipts'],
        summary: 'The stored receipt photo (image/jpeg)',
        params: z.object({ event_id: eventIdSchema, receipt_id: uuidSchema }),
        response: { 404: errorBodySchema, 410: eventGoneSchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { event_id, receipt_id } = request.params;
      const found = await readReceiptImage(app.db, event_id, receipt_id);
      if (!found) {
        const why = await missingEvent(app.db, event_id);
        throw why.statusCode === 410 ? why : notFound('receipt');
      }
      return sendImage(reply, found.image, found.contentType);
    },
  );
};

/** Sends image bytes as they are; typed on the plain reply, as the schema describes no body. */
function sendImage(reply: FastifyReply, image: Buffer, contentType: string): FastifyReply {
  return reply
    .type(contentType)
    .header('cache-control', IMAGE_CACHE_CONTROL)
    .header('x-content-type-options', 'nosniff')
    .send(image);
}
