import type { DatabaseHandle } from '@server/db/connection';
import type { SqlSession } from '@server/db/sql-session';
import { readBackupRows } from './backup-file';
import {
  CopyRefusedError,
  copyTotals,
  insertRows,
  prepareEmptyTarget,
  readTables,
  resetSequences,
  totalsDiffer,
} from './table-copy';

type Sessions = Pick<DatabaseHandle, 'session'>;

/**
 * Writes every row into an empty target (see prepareEmptyTarget) in one transaction, then checks
 * the target's rows per table, money sums and file bytes against `expected` before it commits:
 * a copy that does not match is rolled back whole. Answers the target's totals.
 */
async function copyInto(
  target: Sessions,
  write: (session: SqlSession) => Promise<Map<string, string>>,
): Promise<Map<string, string>> {
  return target.session('write', async (session) => {
    await prepareEmptyTarget(session);
    const expected = await write(session);
    await resetSequences(session);
    const found = await copyTotals(session);
    const differences = totalsDiffer(expected, found);
    if (differences.length) {
      throw new CopyRefusedError(
        `The copy does not match its source, and was undone: ${differences.join('; ')}.`,
      );
    }
    return found;
  });
}

/**
 * Copies a whole database into another, empty one (PGlite into PostgreSQL): every table with
 * its ids, from one snapshot of the source. Answers the totals both now have.
 */
export function copyDatabase(source: Sessions, target: Sessions): Promise<Map<string, string>> {
  return copyInto(target, (session) =>
    source.session('read', async (read) => {
      await readTables(read, (table, rows) => insertRows(session, table, rows));
      return copyTotals(read);
    }),
  );
}

/** Restores a backup file into an empty database (a new PGlite folder or PostgreSQL database). */
export function restoreBackup(file: string, target: Sessions): Promise<Map<string, string>> {
  return copyInto(target, async (session) => {
    const end = await readBackupRows(file, (table, rows) => insertRows(session, table, rows));
    return end.totals;
  });
}
