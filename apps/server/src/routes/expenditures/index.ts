import {
  dataEnvelope,
  eventIdSchema,
  expenditureBodySchema,
  expenditureSchema,
  uuidSchema,
} from '@quits/contract';
import { expenditures } from '@server/db/schema';
import { deleteEntry, type EntryKind } from '@server/events/entry-delete';
import { restoreEntry } from '@server/events/entry-restore';
import { toExpenditure } from '@server/events/serializers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../responses';
import { upsertExpenditure } from './expenditure-upsert';

const response = dataEnvelope(expenditureSchema);

/** Expenses as deletes and restores work on them. */
const expenseEntry: EntryKind<ReturnType<typeof toExpenditure>> = {
  table: expenditures,
  entity: 'expenditure',
  what: 'expense',
  serialise: (row) => toExpenditure(row as typeof expenditures.$inferSelect),
};

/** Expenses: create-or-update by client id, and soft delete. */
export const expenditureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/event/:event_id/expenditure',
    {
      schema: {
        tags: ['expenses'],
        summary: 'Create an expense, or update it when its id exists (idempotent)',
        params: z.object({ event_id: eventIdSchema }),
        body: expenditureBodySchema,
        response: { 200: response, 201: response, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { expenditure, created } = await upsertExpenditure(
        app,
        request.params.event_id,
        request.body,
        request.client,
      );
      return reply.status(created ? 201 : 200).send({ data: expenditure });
    },
  );

  app.delete(
    '/event/:event_id/expenditure/:id',
    {
      schema: {
        tags: ['expenses'],
        summary: 'Delete an expense (soft; deleting again answers the same)',
        params: z.object({ event_id: eventIdSchema, id: uuidSchema }),
        response: { 200: response, ...errorResponses },
      },
    },
    async (request) => ({
      data: await deleteEntry(
        app,
        { ...expenseEntry, eventId: request.params.event_id, id: request.params.id },
        request.client,
      ),
    }),
  );

  app.post(
    '/event/:event_id/expenditure/:id/restore',
    {
      schema: {
        tags: ['expenses'],
        summary: 'Restore a deleted expense (restoring a live one answers it unchanged)',
        params: z.object({ event_id: eventIdSchema, id: uuidSchema }),
        response: { 200: response, ...errorResponses },
      },
    },
    async (request) => ({
      data: await restoreEntry(
        app,
        { ...expenseEntry, eventId: request.params.event_id, id: request.params.id },
        request.client,
      ),
    }),
  );
};
