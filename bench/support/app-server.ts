import { buildApp } from '@server/app';
import { readConfig } from '@server/config';
import { type DatabaseHandle, openDatabase } from '@server/db/connection';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BenchDatabase } from './databases';

export interface RunningApp {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /** The database engine's own version (PGlite embeds a PostgreSQL). */
  serverVersion: string;
  close(): Promise<void>;
}

/**
 * The production configuration, but with rate limits no benchmark reaches: one device seeds
 * thousands of expenses and writes a thousand a second here, and one address holds every socket. The limiter still runs on every
 * request, so its cost is in the figures.
 */
const BENCH_ENVIRONMENT: NodeJS.ProcessEnv = {
  RATE_LIMIT_WRITES_PER_DEVICE: '1000000000',
  RATE_LIMIT_WRITES_PER_IP: '1000000000',
  RATE_LIMIT_UPLOADS_PER_DEVICE: '1000000000',
  RATE_LIMIT_UPLOADS_PER_IP: '1000000000',
  // The live-update bench opens 500 sockets from 127.0.0.1.
  REALTIME_MAX_CONNECTIONS_PER_IP: '1000000',
  RATE_LIMIT_HEAVY_READS_PER_IP: '1000000000',
};

async function listen(handle: DatabaseHandle): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const config = readConfig(BENCH_ENVIRONMENT);
  const app = await buildApp({ config, database: handle, logger: false });
  return { app, baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

/** Both drivers answer `{ rows: [...] }`; the shared type does not say so. */
async function serverVersion(handle: DatabaseHandle): Promise<string> {
  const result: unknown = await handle.db.execute(sql`SHOW server_version`);
  const rows = (result as { rows?: { server_version?: unknown }[] }).rows;
  const version = rows?.[0]?.server_version;
  return typeof version === 'string' ? version : 'unknown';
}

/**
 * The real app, built as `npm start` builds it (default configuration and pool size) but with
 * the logger off, listening on 127.0.0.1 on a free port.
 */
export async function startApp(database: BenchDatabase): Promise<RunningApp> {
  const handle = await openDatabase(database.target);
  const { app, baseUrl } = await listen(handle).catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  return {
    baseUrl,
    serverVersion: await serverVersion(handle),
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
