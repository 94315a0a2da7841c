import {
  dataEnvelope,
  userCreateSchema,
  userSchema,
  userUpdateSchema,
  uuidSchema,
} from '@quits/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../responses';
import { createUser, removeUser, renameUser } from './user-writes';

const response = dataEnvelope(userSchema);
const params = z.object({ id: uuidSchema });

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
    '/users/:id',
    {
      schema: {
        tags: ['people'],
        summary: 'Rename a person',
        params,
        body: userUpdateSchema,
        response: { 200: response, ...errorResponses },
      },
    },
    async (request) => ({
      data: await renameUser(app, request.params.id, request.body.name, request.client),
    }),
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags: ['people'],
        summary: 'Remove a person who appears in no expense or payment',
        params,
        response: { 200: response, ...errorResponses },
      },
    },
    async (request) => ({ data: await removeUser(app, request.params.id, request.client) }),
  );
};
