import { dataEnvelope, errorBodySchema, healthSchema } from '@quits/contract';
import type { DiskSpace } from '@server/disk/disk-space';
import { storedTotalsReader } from '@server/metrics/stored-totals';
import { SERVER_VERSION } from '@server/version';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { databaseAnswers } from './database-answers';
import { probeRoutes } from './probes';

/** The data folder's disk, `low` below its floor (when writes are refused). */
async function diskState(disk: DiskSpace | null) {
  const reading = await disk?.read();
  if (!reading) return null;
  const { freeBytes, floorBytes } = reading;
  const status = freeBytes < floorBytes ? ('low' as const) : ('ok' as const);
  return { status, free_bytes: freeBytes, min_free_bytes: floorBytes };
}

/**
 * For load balancers and orchestrators: 200 while this instance can serve (its database
 * answers a `select 1`), 503 otherwise, with the receipt photos stored. While the server shuts down, Fastify answers 503 too.
 * Never rate limited (see http/rate-limits.ts).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const storedTotals = storedTotalsReader(app.db);
  // Liveness and readiness apart, for orchestrators that restart on one and route on the other.
  await app.register(probeRoutes);
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Whether this instance and its database answer (200, else 503)',
        response: { 200: dataEnvelope(healthSchema), 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (await databaseAnswers(() => app.db.execute(sql`select 1`))) {
        const receipts = (await storedTotals())?.receipts;
        const disk = await diskState(app.disk);
        return {
          data: {
            status: 'ok',
            database: 'ok',
            version: SERVER_VERSION,
            ...(receipts ? { receipts } : {}),
            ...(disk ? { disk } : {}),
          },
        } as const;
      }
      request.log.warn('health check: the database does not answer');
      return reply.status(503).send({ message: 'The database does not answer.', errors: {} });
    },
  );
};
