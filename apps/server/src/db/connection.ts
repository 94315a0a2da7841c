import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type ConnectRetryOptions, connectWithRetry } from './connect-retry';
import { schema } from './schema';
import { pgliteSessions, postgresSessions, type RunInSession } from './sql-session';

/** The one database type the app codes against: PGlite and PostgreSQL speak the same SQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Runs raw SQL and returns its rows (PGlite and node-postgres both answer with `rows`). */
export async function executeRows<T>(db: Database | Transaction, query: SQL): Promise<T[]> {
  const answer = (await db.execute(query)) as unknown as { rows: T[] };
  return answer.rows;
}

/**
 * Runs one hot statement as a named prepared statement (on PostgreSQL: parsed and planned once
 * per connection instead of on every call). The name must always go with the same SQL text.
 */
export type PreparedRunner = <T>(name: string, query: SQL) => Promise<T[]>;

const dialect = new PgDialect();

export interface DatabaseHandle {
  db: Database;
  prepared: PreparedRunner;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's URL, for connections of its own (LISTEN); null on PGlite. */
  url: string | null;
  /** PGlite's folder on this machine's disk; null in memory and on PostgreSQL. */
  dataDir: string | null;
  /** PostgreSQL's pool as it is now, for the metrics; null on PGlite (one connection, inside). */
  pool(): PoolState | null;
  /** Raw SQL in one snapshot or one transaction, for copying whole tables (backups, moves). */
  session: RunInSession;
  close(): Promise<void>;
}

export interface PoolState {
  /** Connections open, idle and in use. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  /** Connections held at most (DATABASE_POOL_SIZE). */
  max: number;
}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      /** null: in memory (tests). */
      dataDir: string | null;
      /** false: open the folder as it is, without applying migrations (a backup of it). */
      migrate?: boolean;
      /**
       * A dump (`dumpDataDir`) of an already migrated database to start from: it skips creating
       * the cluster, the costliest part of a start. Only tests use it, for an empty database each.
       */
      template?: Blob;
    }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Trying again while PostgreSQL does not answer at start; unset: one attempt. */
      retry?: ConnectRetryOptions;
      /** false: use the database as it is, without applying migrations (a backup of it). */
      migrate?: boolean;
    };

/**
 * PGlite's log: at most 64 MB between checkpoints, and 32 MB of segments kept for reuse
 * (PostgreSQL's defaults, 1 GB and 80 MB, are for a server with a disk of its own). A checkpoint
 * in PGlite is cheap: it never asks the disk to flush.
 */
const PGLITE_LOG_SIZES = ['-c', 'min_wal_size=32MB', '-c', 'max_wal_size=64MB'];

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The migrations this build knows: a database with fewer applied is not ready for it. */
export const KNOWN_MIGRATIONS: number = (
  JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/** Longest wait for one connection at start; a host that drops packets would hang forever. */
const START_CONNECT_TIMEOUT_MS = 10_000;

/** Any constant will do: it only has to be the same in every instance of the server. */
const MIGRATION_LOCK_ID = 72_616_001;

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
    const client = new PGlite({
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      ...(target.template ? { loadDataDir: target.template } : {}),
      startParams: [...PGlite.defaultStartParams, ...PGLITE_LOG_SIZES],
    });
    const db = drizzlePglite({ client, schema });
    if (target.migrate !== false) await migratePglite(db, { migrationsFolder });
    const prepared: PreparedRunner = async <T>(_name: string, query: SQL) => {
      const { sql, params } = dialect.sqlToQuery(query);
      // PGlite runs in this process: there is no per-connection plan cache to name.
      return (await client.query<T>(sql, params)).rows;
    };
    return {
      db,
      prepared,
      kind: 'pglite',
      url: null,
      dataDir: target.dataDir,
      pool: () => null,
      session: pgliteSessions(client),
      close: () => client.close(),
    };
  }

  if (target.migrate !== false) await migrateWithLock(target.url, target.retry);
  const max = target.poolSize ?? 20;
  const pool = new pg.Pool({ connectionString: target.url, max });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool, schema });
  const prepared: PreparedRunner = async <T>(name: string, query: SQL) => {
    const { sql, params } = dialect.sqlToQuery(query);
    const answer = await pool.query({ name, text: sql, values: params });
    return answer.rows as T[];
  };
  return {
    db,
    prepared,
    kind: 'postgres',
    url: target.url,
    dataDir: null,
    pool: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
    session: postgresSessions(pool),
    close: () => pool.end(),
  };
}

/** Several instances may start at once against one PostgreSQL: only one migrates at a time. */
async function migrateWithLock(url: string, retry: ConnectRetryOptions | undefined): Promise<void> {
  const connect = async () => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: START_CONNECT_TIMEOUT_MS,
    });
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    return client;
  };
  const client = retry ? await connectWithRetry(connect, retry) : await connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
