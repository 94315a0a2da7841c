import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatabaseHandle } from '@server/db/connection';
import { writeBackup } from './backup-file';
import { backupName, freeBytes, listBackups, pruneBackups } from './backup-folder';
import type { RowCounts } from './table-copy';

export interface BackupOptions {
  folder: string;
  keepDays: number;
  /**
   * Bytes to leave free on the backup's disk (the data folder's floor, should it be the same
   * disk): a backup is not started unless the disk has room for it (as large as the last one,
   * and half again) above this.
   */
  reserveBytes?: number;
  /** Stops a backup under way (the server stopping): its file is not kept. */
  signal?: AbortSignal;
}

export interface BackupOutcome {
  file: string;
  bytes: number;
  rows: RowCounts;
  ms: number;
  /** Backups older than the days kept, deleted after this one was written. */
  pruned: string[];
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Any constant will do: the same in every instance, so only one backs up a database at a time. */
const BACKUP_LOCK_ID = 72_616_002;

/**
 * Takes a backup of the whole database into `folder`, from one snapshot, while the server goes
 * on serving (see writeBackup), then deletes the backups older than `keepDays`. Answers null
 * when another instance is taking one of the same database at this moment.
 */
export async function takeBackup(
  database: Pick<DatabaseHandle, 'kind' | 'session'>,
  options: BackupOptions,
): Promise<BackupOutcome | null> {
  const started = Date.now();
  await mkdir(options.folder, { recursive: true, mode: 0o700 });
  const last = (await listBackups(options.folder)).at(-1);
  const free = await freeBytes(options.folder);
  const needed = Math.round((last?.bytes ?? 0) * 1.5) + (options.reserveBytes ?? 0);
  if (free !== null && free < needed) {
    throw new BackupError(
      `Not enough free space for a backup in ${options.folder}: ${free} bytes free, ${needed} needed.`,
    );
  }
  const takenAt = new Date();
  const file = join(options.folder, backupName(takenAt));
  const rows = await database.session('read', async (session) => {
    const [lock] = await session.query<{ taken: boolean }>(
      'SELECT pg_try_advisory_xact_lock($1) AS taken',
      [BACKUP_LOCK_ID],
    );
    if (!lock?.taken) return null;
    return writeBackup(session, database.kind, file, options.signal);
  });
  if (!rows) return null;
  const bytes = (await listBackups(options.folder)).find((kept) => kept.file === file)?.bytes ?? 0;
  const pruned = await pruneBackups(options.folder, options.keepDays, takenAt);
  return { file, bytes, rows, ms: Date.now() - started, pruned };
}
