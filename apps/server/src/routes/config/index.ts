import { type ClientConfig, clientConfigSchema, dataEnvelope } from '@quits/contract';
import { SERVER_VERSION } from '@server/version';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** What the web app needs to know about this server. */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        summary: 'Public client configuration',
        response: { 200: dataEnvelope(clientConfigSchema) },
      },
    },
    async () => {
      const data: ClientConfig = {
        realtime: app.realtime.client,
        push: { public_key: app.push.publicKey },
        donation_url: app.config.DONATION_URL ?? null,
        version: SERVER_VERSION,
        event_creation: app.config.EVENT_CREATION,
      };
      return { data };
    },
  );
};
