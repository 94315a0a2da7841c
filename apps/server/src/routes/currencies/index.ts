import { currencyListSchema, dataEnvelope } from '@quits/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonBytes } from '../responses';

/** The global currency list with digits, symbols, names and rates (base EUR). */
export const currencyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/currencies',
    {
      schema: {
        tags: ['currencies'],
        summary:
          'Every ISO 4217 currency: id, unit, name, decimals, rate (value of one unit in EUR)',
        response: { 200: dataEnvelope(currencyListSchema) },
      },
    },
    async (_request, reply) =>
      sendJsonBytes(
        reply.header('cache-control', 'public, max-age=3600'),
        app.currencies.responseBody(),
      ),
  );
};
