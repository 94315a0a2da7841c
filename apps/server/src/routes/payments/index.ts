import {
  dataEnvelope,
  eventIdSchema,
  paymentBodySchema,
  paymentSchema,
  uuidSchema,
} from '@quits/contract';
import { payments } from '@server/db/schema';
import { deleteEntry, type EntryKind } from '@server/events/entry-delete';
import { restoreEntry } from '@server/events/entry-restore';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../responses';
import { serialisePayment, upsertPayment } from './payment-upsert';

const response = dataEnvelope(paymentSchema);

/** Payments as deletes and restores work on them. */
const paymentEntry: EntryKind<Awaited<ReturnType<typeof serialisePayment>>> = {
  table: payments,
  entity: 'payment',
  what: 'payment',
  serialise: (row, tx) => serialisePayment(tx, row as typeof payments.$inferSelect),
};

/** Person-to-person payments: create-or-update by client id, and soft delete. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/event/:event_id/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'Create a payment, or update it when its id exists (idempotent)',
        params: z.object({ event_id: eventIdSchema }),
        body: paymentBodySchema,
        response: { 200: response, 201: response, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { payment, created } = await upsertPayment(
        app,
        request.params.event_id,
        request.body,
        request.client,
      );
      return reply.status(created ? 201 : 200).send({ data: payment });
    },
  );

  app.delete(
    '/event/:event_id/payments/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'Delete a payment (soft; deleting again answers the same)',
        params: z.object({ event_id: eventIdSchema, id: uuidSchema }),
        response: { 200: response, ...errorResponses },
      },
    },
    async (request) => ({
      data: await deleteEntry(
        app,
        { ...paymentEntry, eventId: request.params.event_id, id: request.params.id },
        request.client,
      ),
    }),
  );

  app.post(
    '/event/:event_id/payments/:id/restore',
    {
      schema: {
        tags: ['payments'],
        summary: 'Restore a deleted payment (restoring a live one answers it unchanged)',
        params: z.object({ event_id: eventIdSchema, id: uuidSchema }),
        response: { 200: response, ...errorResponses },
      },
    },
    async (request) => ({
      data: await restoreEntry(
        app,
        { ...paymentEntry, eventId: request.params.event_id, id: request.params.id },
        request.client,
      ),
    }),
  );
};
