import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseTarget } from '@server/db/connection';
import pg from 'pg';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  label: 'PGlite' | 'PostgreSQL';
  target: DatabaseTarget;
  /** Removes what the run made: the temporary directory or the database. */
  drop(): Promise<void>;
}

/** PGlite in a new temporary directory, as `npm start` uses it (on disk, not in memory). */
export async function pgliteDatabase(): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quits-bench-'));
  return {
    label: 'PGlite',
    target: { kind: 'pglite', dataDir },
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database `quits_bench_<random>` on the PostgreSQL at `adminUrl`, or the reason it
 * cannot be had (unreachable, no right to create databases).
 */
export async function postgresDatabase(
  adminUrl: string,
): Promise<BenchDatabase | { unavailable: string }> {
  const name = `quits_bench_${randomBytes(6).toString('hex')}`;
  try {
    await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  } catch (error) {
    return { unavailable: error instanceof Error ? error.message : String(error) };
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    label: 'PostgreSQL',
    target: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      await withClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}
