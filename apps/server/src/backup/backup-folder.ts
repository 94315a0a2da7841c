import { readdir, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';

/** `quits-backup-2026-11-28T03-00-00-000Z.jsonl.gz`: the time it was taken, in UTC. */
const NAME = /^quits-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.jsonl\.gz$/;

/** The file name of a backup taken at `at`; names sort by time. */
export function backupName(at: Date): string {
  return `quits-backup-${at.toISOString().replace(/[:.]/g, '-')}.jsonl.gz`;
}

export interface KeptBackup {
  file: string;
  takenAt: Date;
  bytes: number;
}

/** The backups in `folder` (by their names; other files are never touched), oldest first. */
export async function listBackups(folder: string): Promise<KeptBackup[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const kept: KeptBackup[] = [];
  for (const name of names.sort()) {
    const match = NAME.exec(name);
    if (!match) continue;
    const [, day, hours, minutes, seconds, ms] = match;
    const takenAt = new Date(`${day}T${hours}:${minutes}:${seconds}.${ms}Z`);
    if (Number.isNaN(takenAt.getTime())) continue;
    const file = join(folder, name);
    const bytes = await stat(file).then(
      (stats) => stats.size,
      () => null,
    );
    if (bytes !== null) kept.push({ file, takenAt, bytes });
  }
  return kept;
}

/**
 * Deletes the backups taken more than `keepDays` days before `now`, never the newest one (a
 * server stopped for weeks keeps its last backup). Answers the files deleted.
 */
export async function pruneBackups(folder: string, keepDays: number, now: Date): Promise<string[]> {
  const backups = await listBackups(folder);
  const oldest = now.getTime() - keepDays * 86_400_000;
  const old = backups.slice(0, -1).filter((backup) => backup.takenAt.getTime() < oldest);
  for (const backup of old) await rm(backup.file, { force: true });
  return old.map((backup) => backup.file);
}

/** Bytes free on the disk that holds `folder`; null when it cannot be read. */
export async function freeBytes(folder: string): Promise<number | null> {
  try {
    const stats = await statfs(folder);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}
