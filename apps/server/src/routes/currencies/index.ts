import { currencyListSchema, dataEnvelope, datedRatesSchema, isoDateSchema } from '@quits/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

  app.get(
    '/currencies/rates/:date',
    {
      schema: {
        tags: ['currencies'],
        summary: "The ECB's reference rates of the last published day on or before a date",
        params: z.object({ date: isoDateSchema }),
        response: { 200: dataEnvelope(datedRatesSchema) },
      },
    },
    async (request, reply) => {
      const day = app.rateHistory.dayOn(request.params.date);
      // A past day's rates never change; a recent one may still be filled in by a refresh.
      reply.header('cache-control', 'public, max-age=3600');
      return { data: { date: day?.date ?? null, per_euro: { ...(day?.per_euro ?? {}) } } };
    },
  );
};
