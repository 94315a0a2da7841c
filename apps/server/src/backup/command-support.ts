import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Config, ConfigError } from '@server/config';
import { type DatabaseHandle, openDatabase } from '@server/db/connection';
import { DataFolderInUseError, type FolderLock, lockDataFolder } from '@server/db/data-folder-lock';
import { secretScrubber, secretTexts, withSecretFiles } from '@server/settings/secret-settings';
import { BackupFileError } from './backup-file';
import { CopyRefusedError } from './table-copy';
import { BackupError } from './take-backup';

/** A refusal the operator can act on: printed as it is, without a stack. */
export class CommandError extends Error {
  override name = 'CommandError';
}

/** `db.example:5432/quits`: where a PostgreSQL URL points, without its user or password. */
export function whereIs(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}

export interface OpenedFolder {
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * Opens PGlite's folder for a command, as the server would: it takes the folder's lock, so a
 * command never opens a folder a running server has open (DataFolderInUseError).
 */
export async function openDataFolder(
  dataDir: string,
  options: { migrate: boolean; mustExist: boolean },
): Promise<OpenedFolder> {
  if (options.mustExist && !existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new CommandError(`There is no Quits database in ${dataDir} (DATA_DIR).`);
  }
  const lock: FolderLock = await lockDataFolder(dataDir);
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir, migrate: options.migrate });
    return {
      database,
      close: async () => {
        await database.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Refuses a folder that holds anything: a restore never writes over a database. */
export async function checkNewFolder(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir).catch(() => []);
  if (entries.length > 0) {
    throw new CommandError(
      `${dataDir} (DATA_DIR) is not empty. Restore into a new folder: move the current one ` +
        'aside, or set DATA_DIR to a new path.',
    );
  }
}

export const dataFolderOf = (config: Config) => resolve(config.DATA_DIR);

/** The totals of a copy, one per line, aligned. */
export function totalsTable(totals: Map<string, string>): string {
  const width = Math.max(...[...totals.keys()].map((key) => key.length));
  return [...totals].map(([key, value]) => `  ${key.padEnd(width)}  ${value}`).join('\n');
}

/** Runs a command: its refusals are printed (secrets blanked) with exit code 1, not thrown. */
export function runCommand(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      const known =
        error instanceof CommandError ||
        error instanceof ConfigError ||
        error instanceof DataFolderInUseError ||
        error instanceof BackupError ||
        error instanceof BackupFileError ||
        error instanceof CopyRefusedError;
      const text = known
        ? (error as Error).message
        : `Failed: ${String((error as Error)?.stack ?? error)}`;
      let scrub = (value: string) => value;
      try {
        scrub = secretScrubber(secretTexts(withSecretFiles(process.env)));
      } catch {
        // A setting's own refusal is already in `text`.
      }
      console.error(scrub(text));
      process.exit(1);
    },
  );
}
