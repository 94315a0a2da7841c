// `npm run move-to-postgres`: the embedded database (DATA_DIR) copied whole into an empty
// PostgreSQL database (DATABASE_URL), ids and all, so that every link opens the same event.
import { readConfig } from '@server/config';
import { openDatabase } from '@server/db/connection';
import { DataFolderInUseError } from '@server/db/data-folder-lock';
import {
  CommandError,
  dataFolderOf,
  openDataFolder,
  runCommand,
  totalsTable,
  whereIs,
} from './command-support';
import { copyDatabase } from './copy-database';

runCommand(async () => {
  const config = readConfig();
  if (!config.DATABASE_URL) {
    throw new CommandError(
      'Set DATABASE_URL to the PostgreSQL database to move into (a new, empty one): ' +
        'DATABASE_URL=postgres://… npm run move-to-postgres',
    );
  }
  const dataDir = dataFolderOf(config);
  let source: Awaited<ReturnType<typeof openDataFolder>>;
  try {
    // Migrated as the server would be at its start: both sides then have this version's tables.
    source = await openDataFolder(dataDir, { migrate: true, mustExist: true });
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    throw new CommandError(
      `${error.message}\nStop the server first, so that no change is made after the copy: ` +
        `kill -TERM "$(cat ${dataDir}/quits.pid)"`,
    );
  }
  try {
    const target = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: 1 });
    try {
      console.log(`Copying ${dataDir} into PostgreSQL at ${whereIs(config.DATABASE_URL)}…`);
      const totals = await copyDatabase(source.database, target);
      console.log(`Copied; every count and sum matches:\n${totalsTable(totals)}`);
      console.log(
        'Start the server with this DATABASE_URL (and without DATA_DIR): every link opens the ' +
          `same event as before. ${dataDir} is left as it was; keep it until you are sure.`,
      );
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
});
