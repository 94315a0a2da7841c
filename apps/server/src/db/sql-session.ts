import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** Raw SQL inside one transaction, on PGlite or PostgreSQL alike: rows as the driver gives them. */
export interface SqlSession {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
}

/**
 * `read`: one consistent snapshot of the whole database, that writes committed meanwhile do not
 * change; `write`: one transaction, committed whole or not at all.
 */
export type SessionMode = 'read' | 'write';

export type RunInSession = <T>(
  mode: SessionMode,
  work: (session: SqlSession) => Promise<T>,
) => Promise<T>;

/**
 * PGlite has one backend: its transaction holds the database, and every other query waits until
 * it ends. A snapshot is therefore any transaction, and consistent by construction.
 */
export function pgliteSessions(client: PGlite): RunInSession {
  return (_mode, work) =>
    client.transaction(async (transaction) =>
      work({
        query: async (text, params) => (await transaction.query(text, params)).rows as never,
      }),
    );
}

/**
 * A connection of PostgreSQL's pool for the session's length. A read is `REPEATABLE READ READ
 * ONLY`: every statement sees the database as it was at its first one, while writes go on.
 */
export function postgresSessions(pool: pg.Pool): RunInSession {
  return async (mode, work) => {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query(
        mode === 'read' ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN',
      );
      const session: SqlSession = {
        query: async (text, params) => (await client.query(text, params)).rows,
      };
      const result = await work(session);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  };
}
