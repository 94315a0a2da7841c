import {
  dataEnvelope,
  eventIdSchema,
  pushKeySchema,
  pushSubscribeBodySchema,
  pushSubscriptionRecordSchema,
  pushUnsubscribeBodySchema,
  pushUnsubscribeResultSchema,
} from '@quits/contract';
import { deleteSubscription } from '@server/push/subscription-store';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../responses';

const params = z.object({ event_id: eventIdSchema });
const subscriptionResponse = dataEnvelope(pushSubscriptionRecordSchema);

/** Web push: the server's key, and each browser's subscription to an event's changes. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push/key',
    {
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key (base64url), the browser's applicationServerKey",
        response: { 200: dataEnvelope(pushKeySchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { data: { public_key: app.push.publicKey } };
    },
  );

  app.post(
    '/push/:event_id',
    {
      schema: {
        tags: ['push'],
        summary:
          "Subscribe this browser (its PushSubscription JSON and a locale) to the event's changes; the same endpoint again updates it",
        params,
        body: pushSubscribeBodySchema,
        response: { 200: subscriptionResponse, 201: subscriptionResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { subscription, created } = await app.push.subscribe(
        request.params.event_id,
        request.body,
        request.client.deviceId,
      );
      return reply.status(created ? 201 : 200).send({ data: subscription });
    },
  );

  app.delete(
    '/push/:event_id',
    {
      schema: {
        tags: ['push'],
        summary:
          'Stop notifying this endpoint of the event (deleting again answers deleted: false)',
        params,
        body: pushUnsubscribeBodySchema,
        response: { 200: dataEnvelope(pushUnsubscribeResultSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        deleted: await deleteSubscription(app.db, request.params.event_id, request.body.endpoint),
      },
    }),
  );
};
