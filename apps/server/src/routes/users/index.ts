import {
  dataEnvelope,
  errorBodySchema,
  eventIdSchema,
  paymentDetailsSchema,
  userCreateSchema,
  userDefaultWeightSchema,
  userPresenceSchema,
  userSchema,
  userUpdateSchema,
  uuidSchema,
} from '@quits/contract';
import { HttpError, say } from '@server/http/http-error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../responses';
import { setDefaultWeight } from './default-weight-write';
import { setPaymentDetails } from './payment-details-write';
import { setPresence } from './presence-write';
import { createUser, removeUser, renameUser } from './user-writes';

const response = dataEnvelope(userSchema);
const params = z.object({ event_id: eventIdSchema, id: uuidSchema });

/** People of an event: add (idempotent by id), rename, remove when unused. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users',
    {
      schema: {
        tags: ['people'],
        summary: 'Add a person to an event (a replay with the same id answers 200)',
        body: userCreateSchema,
        response: { 200: response, 201: response, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user, created } = await createUser(app, request.body, request.client);
      return reply.status(created ? 201 : 200).send({ data: user });
    },
  );

  app.put(
    '/event/:event_id/users/:id',
    {
      schema: {
        tags: ['people'],
        summary: 'Rename a person of the event',
        params,
        body: userUpdateSchema,
        response: { 200: response, ...errorResponses },
      },
    },
    async (request) => ({
      data: await renameUser(
        app,
        request.params.event_id,
        request.params.id,
        request.body,
        request.client,
      ),
    }),
  );

  app.put(
    '/event/:event_id/users/:id/payment-details',
    {
      schema: {
        tags: ['people'],
        summary: "Set how a person can be paid (replaces the person's details; {} clears them)",
        params,
        body: paymentDetailsSchema,
        response: { 200: response, ...errorResponses },
      },
    },
    async (request) => ({
      data: await setPaymentDetails(
        app,
        request.params.event_id,
        request.params.id,
        request.body,
        request.client,
      ),
    }),
  );

  app.put(
    '/event/:event_id/users/:id/default-weight',
    {
      schema: {
        tags: ['people'],
        summary: "Set a person's share in the event's default split (1 = an even share)",
        params,
        body: userDefaultWeightSchema,
        response: { 200: response, ...errorResponses },
      },
    },
    async (request) => ({
      data: await setDefaultWeight(
        app,
        request.params.event_id,
        request.params.id,
        request.body,
        request.client,
      ),
    }),
  );

  app.put(
    '/event/:event_id/users/:id/presence',
    {
      schema: {
        tags: ['people'],
        summary: 'Set when a person was part of the event (none = always)',
        params,
        body: userPresenceSchema,
        response: { 200: response, ...errorResponses },
      },
    },
    async (request) => ({
      data: await setPresence(
        app,
        request.params.event_id,
        request.params.id,
        request.body,
        request.client,
      ),
    }),
  );

  app.delete(
    '/event/:event_id/users/:id',
    {
      schema: {
        tags: ['people'],
        summary: 'Remove a person of the event who appears in no expense or payment',
        params,
        response: { 200: response, ...errorResponses },
      },
    },
    async (request) => ({
      data: await removeUser(app, request.params.event_id, request.params.id, request.client),
    }),
  );

  // What an app from before people were changed under their event gets for a rename or a removal
  // by the person's id alone: it is never acted on (the id is no key to the event), and the app,
  // which shows a refused change's message, tells the person what to do.
  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/users/:id',
      schema: {
        tags: ['people'],
        summary: 'Gone: rename and remove a person under the event',
        deprecated: true,
        response: { 410: errorBodySchema },
      },
      handler: async () => {
        throw new HttpError(410, say('app_outdated'));
      },
    });
  }
};
