import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { LOCK_FILE } from '@server/db/data-folder-lock';
import { type BackupStatus, STATUS_FILE } from './backup-schedule';
import { CommandError } from './command-support';

/** How often the status file is read while the server takes the backup. */
const POLL_MS = 250;
/** Longest wait for a backup: hours of stored files on a slow disk. */
const WAIT_MS = 2 * 60 * 60 * 1000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readStatus(backupDir: string): Promise<BackupStatus | null> {
  try {
    return JSON.parse(await readFile(join(backupDir, STATUS_FILE), 'utf8')) as BackupStatus;
  } catch {
    return null;
  }
}

/**
 * Asks the server that holds `dataDir` for a backup (SIGUSR2 to the process its lock names) and
 * waits for the status file of a backup it began after the request. Only a server on this
 * machine can be asked.
 */
export async function askServerForBackup(
  dataDir: string,
  backupDir: string,
  say: (line: string) => void,
): Promise<BackupStatus> {
  const holder = JSON.parse(await readFile(join(dataDir, LOCK_FILE), 'utf8')) as {
    pid: number;
    host: string;
  };
  if (holder.host !== hostname()) {
    throw new CommandError(
      `The server that holds ${dataDir} runs on ${holder.host}: run the command there.`,
    );
  }
  const asked = Date.now();
  process.kill(holder.pid, 'SIGUSR2');
  say(`Asked the running server (process ${holder.pid}) for a backup; waiting for it…`);
  while (Date.now() - asked < WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const status = await readStatus(backupDir);
    if (status && status.pid === holder.pid && Date.parse(status.started_at) >= asked) {
      if (status.error || !status.file) {
        throw new CommandError(`The server's backup failed: ${status.error ?? 'no file'}`);
      }
      return status;
    }
    if (!alive(holder.pid)) {
      throw new CommandError(`The server (process ${holder.pid}) stopped before the backup ended.`);
    }
  }
  throw new CommandError(
    `No answer from the server in ${WAIT_MS / 60_000} minutes. Is its BACKUP_DIR ${backupDir}? ` +
      'Run the command with the same settings as the server.',
  );
}
