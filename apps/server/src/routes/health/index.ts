import { dataEnvelope, errorBodySchema, healthSchema } from '@quits/contract';
import type { DiskSpace } from '@server/disk/disk-space';
import { receiptTotalsReader } from '@server/receipts/receipt-totals';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Past this the database counts as unreachable: a load balancer's check must not hang. */
const DATABASE_TIMEOUT_MS = 2_000;

/** Resolves true when `select 1` answers in time; never rejects. */
async function databaseAnswers(run: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

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
  const receiptTotals = receiptTotalsReader(app.db);
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
        const receipts = await receiptTotals();
        const disk = await diskState(app.disk);
        return {
          data: {
            status: 'ok',
            database: 'ok',
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
