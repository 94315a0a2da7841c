import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './connection';

/** The tables that hold stored files, whose deleted rows take the most room. */
export type FileTable = 'attachments' | 'receipts';

/**
 * Gives the room of deleted rows back: run after a sweep or purge deleted some. `tables`: the
 * file tables it deleted from, or `everything` after rows went from many tables (a purge).
 */
export type ReclaimSpace = (tables: readonly FileTable[] | 'everything') => Promise<void>;

/**
 * PGlite runs no autovacuum: deleted rows keep their room until a VACUUM, so each round of
 * storing and deleting files would grow the folder for good. A plain VACUUM (never FULL, which
 * would lock the table) marks the room as free for new rows and cuts the empty pages at a
 * table's end off its file; the checkpoint after it lets the database reuse its log segments.
 * On PostgreSQL autovacuum does this, but a plain VACUUM of the file tables is harmless, and
 * `everything` is left to it.
 */
export function spaceReclaimer(database: Pick<DatabaseHandle, 'db' | 'kind'>): ReclaimSpace {
  const { db, kind } = database;
  return async (tables) => {
    if (tables === 'everything') {
      if (kind !== 'pglite') return;
      await db.execute(sql`VACUUM`);
    } else {
      if (tables.length === 0) return;
      // Names from the `FileTable` union only, never from input.
      await db.execute(sql.raw(`VACUUM ${tables.join(', ')}`));
    }
    if (kind === 'pglite') await db.execute(sql`CHECKPOINT`);
  };
}
