// `npm run backup`: a backup now, into BACKUP_DIR, while the server serves or not.

import { readConfig } from '@server/config';
import { openDatabase } from '@server/db/connection';
import { DataFolderInUseError } from '@server/db/data-folder-lock';
import { askServerForBackup } from './backup-request';
import { CommandError, dataFolderOf, openDataFolder, runCommand, whereIs } from './command-support';
import { type BackupOutcome, takeBackup } from './take-backup';

const megabytes = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

function report(outcome: BackupOutcome): void {
  const rows = Object.values(outcome.rows).reduce((sum, count) => sum + count, 0);
  console.log(
    `Backup written: ${outcome.file} (${megabytes(outcome.bytes)}, ${rows} rows, ` +
      `${(outcome.ms / 1000).toFixed(1)} s).`,
  );
  for (const file of outcome.pruned) console.log(`Deleted as older than the days kept: ${file}`);
}

runCommand(async () => {
  const config = readConfig();
  const options = { folder: config.BACKUP_DIR, keepDays: config.BACKUP_KEEP_DAYS };
  if (config.DATABASE_URL) {
    // PostgreSQL serves other connections as they are: the command reads one snapshot itself.
    const database = await openDatabase({
      kind: 'postgres',
      url: config.DATABASE_URL,
      poolSize: 1,
      migrate: false,
    });
    try {
      console.log(`Backing up PostgreSQL at ${whereIs(config.DATABASE_URL)}…`);
      const outcome = await takeBackup(database, options);
      if (!outcome)
        throw new CommandError(
          'Another backup of this database is under way; try again once it ends.',
        );
      report(outcome);
    } finally {
      await database.close();
    }
    return;
  }
  const dataDir = dataFolderOf(config);
  let folder: Awaited<ReturnType<typeof openDataFolder>>;
  try {
    folder = await openDataFolder(dataDir, { migrate: false, mustExist: true });
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    // A server has the folder open, and only it may read it: it takes the backup.
    const status = await askServerForBackup(dataDir, config.BACKUP_DIR, console.log);
    console.log(`Backup written: ${status.file} (${megabytes(status.bytes ?? 0)}).`);
    return;
  }
  try {
    console.log(`Backing up ${dataDir} (no server has it open)…`);
    const outcome = await takeBackup(folder.database, options);
    if (outcome) report(outcome);
  } finally {
    await folder.close();
  }
});
