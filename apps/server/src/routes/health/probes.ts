import { dataEnvelope, errorBodySchema, livenessSchema, readinessSchema } from '@quits/contract';
import { executeRows, KNOWN_MIGRATIONS } from '@server/db/connection';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { databaseAnswers } from './database-answers';

/**
 * `/health/live`: the process answers (an orchestrator restarts it when not); it looks at
 * nothing else, so a database outage never has every instance restarted.
 * `/health/ready`: this instance should get requests: its database answers and carries every
 * migration this build knows (503 with the reason otherwise). Once it shuts down, Fastify
 * answers every request 503 before any route (`return503OnClosing`), this one too.
 * Neither is rate limited (see http/rate-limits.ts) nor cached.
 */
export const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['operations'],
        summary: 'Whether the process answers (always 200 while it does)',
        response: { 200: dataEnvelope(livenessSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: { status: 'ok' } } as const;
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Whether this instance should get requests (200, else 503 with the reason)',
        response: { 200: dataEnvelope(readinessSchema), 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const refuse = (message: string) => {
        request.log.warn({ reason: message }, 'readiness check: not ready');
        return reply.status(503).send({ message, errors: {} });
      };
      let applied = -1;
      const answered = await databaseAnswers(async () => {
        applied = await appliedMigrations();
      });
      if (!answered) return refuse('The database does not answer.');
      if (applied < KNOWN_MIGRATIONS) {
        return refuse('The database lacks migrations this server needs.');
      }
      return { data: { status: 'ok', database: 'ok', migrations: 'ok' } } as const;
    },
  );

  /** Migrations drizzle has recorded as applied; 0 when its table is not there. */
  const appliedMigrations = async (): Promise<number> => {
    const [row] = await executeRows<{ applied: number }>(
      app.db,
      sql`SELECT CASE WHEN to_regclass('drizzle.__drizzle_migrations') IS NULL THEN 0
        ELSE (SELECT count(*)::int FROM drizzle.__drizzle_migrations) END AS applied`,
    );
    return row?.applied ?? 0;
  };
};
