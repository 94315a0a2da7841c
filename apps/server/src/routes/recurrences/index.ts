import {
  dataEnvelope,
  eventIdSchema,
  recurrenceBodySchema,
  recurrenceChangeSchema,
  recurrenceSchema,
  uuidSchema,
} from '@quits/contract';
import { changeRecurrence, createRecurrence } from '@server/recurrences/recurrence-write';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../responses';

const response = dataEnvelope(recurrenceSchema);

/** Recurring expenses: made by id (idempotent), then paused, resumed, stopped or replaced. */
export const recurrenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/event/:event_id/recurrences',
    {
      schema: {
        tags: ['recurring expenses'],
        summary:
          'Create a recurring expense; its occurrences due by today (event time zone) are made at once',
        params: z.object({ event_id: eventIdSchema }),
        body: recurrenceBodySchema,
        response: { 200: response, 201: response, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { recurrence, created } = await createRecurrence(
        app,
        request.params.event_id,
        request.body,
        request.client,
      );
      return reply.status(created ? 201 : 200).send({ data: recurrence });
    },
  );

  app.put(
    '/event/:event_id/recurrences/:id',
    {
      schema: {
        tags: ['recurring expenses'],
        summary: 'Pause, resume or stop a recurring expense, or replace it from a date on',
        params: z.object({ event_id: eventIdSchema, id: uuidSchema }),
        body: recurrenceChangeSchema,
        response: { 200: response, ...errorResponses },
      },
    },
    async (request) => ({
      data: await changeRecurrence(
        app,
        request.params.event_id,
        request.params.id,
        request.body,
        request.client,
      ),
    }),
  );
};
