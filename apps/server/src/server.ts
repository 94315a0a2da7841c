import { resolve } from 'node:path';
import { openDatabase } from '@server/db/connection';
import { DataFolderInUseError, lockDataFolder } from '@server/db/data-folder-lock';
import { buildApp } from './app';
import { ConfigError, readConfig } from './config';
import { installProcessGuards } from './process-guards';
import { stopOnSignals } from './shutdown';

/** Reads the configuration, opens the database, and serves until SIGINT or SIGTERM. */
async function main(): Promise<void> {
  const config = readConfig();
  const dataDir = resolve(config.DATA_DIR);
  // One process per data folder: PGlite's files opened twice lose one side's writes.
  if (!config.DATABASE_URL) await lockDataFolder(dataDir);
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir },
  );
  const app = await buildApp({ config, database });
  installProcessGuards({ log: app.log });

  stopOnSignals({ app, database, timeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000 });

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { database: database.kind, rates: app.currencies.ratesDate },
    `Quits is serving at ${address}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataFolderInUseError) {
    console.error(error.message);
  } else {
    console.error('Quits could not start:', error);
  }
  process.exit(1);
});
