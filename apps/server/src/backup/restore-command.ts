// `npm run restore -- <file>`: a backup into a new PGlite folder (DATA_DIR) or an empty
// PostgreSQL database (DATABASE_URL).
import { resolve } from 'node:path';
import { readConfig } from '@server/config';
import { KNOWN_MIGRATIONS, openDatabase } from '@server/db/connection';
import { readBackupHeader } from './backup-file';
import {
  CommandError,
  checkNewFolder,
  dataFolderOf,
  openDataFolder,
  runCommand,
  totalsTable,
  whereIs,
} from './command-support';
import { restoreBackup } from './copy-database';

runCommand(async () => {
  const argument = process.argv[2];
  if (!argument) throw new CommandError('Name the backup file: npm run restore -- <file>');
  const file = resolve(argument);
  const config = readConfig();
  const header = await readBackupHeader(file);
  if (header.migrations !== KNOWN_MIGRATIONS) {
    throw new CommandError(
      `${file} was taken by Quits ${header.server_version} (database schema ${header.migrations}); ` +
        `this version has schema ${KNOWN_MIGRATIONS}. Restore it with Quits ${header.server_version}, ` +
        'then start this version on the restored data.',
    );
  }
  let target: { database: Parameters<typeof restoreBackup>[1]; close(): Promise<void> };
  let where: string;
  if (config.DATABASE_URL) {
    const database = await openDatabase({
      kind: 'postgres',
      url: config.DATABASE_URL,
      poolSize: 1,
    });
    target = { database, close: () => database.close() };
    where = `PostgreSQL at ${whereIs(config.DATABASE_URL)}`;
  } else {
    const dataDir = dataFolderOf(config);
    await checkNewFolder(dataDir);
    target = await openDataFolder(dataDir, { migrate: true, mustExist: false });
    where = dataDir;
  }
  try {
    console.log(`Restoring ${file} (taken ${header.taken_at}) into ${where}…`);
    const totals = await restoreBackup(file, target.database);
    console.log(`Restored; every count and sum matches the backup:\n${totalsTable(totals)}`);
  } finally {
    await target.close();
  }
});
