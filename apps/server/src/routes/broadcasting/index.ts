import { errorBodySchema } from '@quits/contract';
import { missingEvent } from '@server/events/event-gone';
import { HttpError, say } from '@server/http/http-error';
import { eventIdOfChannel } from '@server/realtime/broadcasts';
import { SOCKET_ID, signChannel } from '@server/realtime/pusher/signature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const authBody = z.object({
  socket_id: z.string().regex(SOCKET_ID, 'Must be a socket id such as 1234.5678.'),
  channel_name: z.string().max(200, 'Must be at most 200 characters.'),
});

/**
 * Signs a socket's subscription to an event's private channel, as Pusher clients expect. The
 * event id is the secret in the event's link: whoever knows it may listen, nobody else can
 * guess a channel to sign. The answer also tells the device its own pseudonym in the event.
 */
export const broadcastingRoutes: FastifyPluginAsyncZod = async (app) => {
  // pusher-js posts a form by default; Laravel Echo and our web app post JSON. Both are read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4_096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    '/broadcasting/auth',
    {
      schema: {
        tags: ['realtime'],
        summary: "Sign a socket's subscription to private-event.{id} (Pusher channel auth)",
        body: authBody,
        response: {
          200: z.object({ auth: z.string(), device_id: z.string().nullable() }),
          403: errorBodySchema,
          404: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { socket_id: socketId, channel_name: channel } = request.body;
      const eventId = eventIdOfChannel(channel);
      if (eventId === null) {
        throw new HttpError(403, say('channel_forbidden'));
      }
      if ((await app.eventReader.currentVersion(eventId)) === null) {
        throw await missingEvent(app.db, eventId);
      }
      return {
        auth: signChannel(app.realtime.credentials, socketId, channel),
        // The caller's pseudonym in the event, as the channel's messages name it: the device
        // knows its own changes by it (pusher clients read `auth` only).
        device_id: app.devices.of(eventId, request.client.deviceId),
      };
    },
  );
};
