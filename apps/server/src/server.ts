import { resolve } from 'node:path';
import { DatabaseUnreachableError, messageOf } from '@server/db/connect-retry';
import { type DatabaseTarget, openDatabase } from '@server/db/connection';
import { DataFolderInUseError, lockDataFolder } from '@server/db/data-folder-lock';
import { loggerOptions } from '@server/http/log-options';
import { secretScrubber, secretTexts, withSecretFiles } from '@server/settings/secret-settings';
import { type Logger, pino } from 'pino';
import { buildApp } from './app';
import { type Config, ConfigError, configWarnings, readConfig } from './config';
import { installProcessGuards } from './process-guards';
import { stopOnSignals } from './shutdown';

/** Reads the configuration, opens the database, and serves until SIGINT or SIGTERM. */
async function main(): Promise<void> {
  // From the first moment: a signal with no handler would end the process (Node's default).
  const backupAsked = answerBackupRequests();
  const warnings = configWarnings();
  let config: Config;
  try {
    config = readConfig();
  } catch (error) {
    // The near misses may be why a setting is missing: say them with the refusal.
    for (const warning of warnings) console.error(`Warning: ${warning}`);
    throw error;
  }
  // Lines before the app's own logger exists, in its format and with its secrets blanked.
  const log = pino(loggerOptions(config, undefined) || { enabled: false });
  for (const warning of warnings) log.warn(warning);
  // One process per data folder: PGlite's files opened twice lose one side's writes.
  if (!config.DATABASE_URL) await lockDataFolder(resolve(config.DATA_DIR));
  const database = await openDatabase(databaseTarget(config, log));
  const app = await buildApp({ config, database });
  installProcessGuards({ log: app.log });

  stopOnSignals({ app, database, timeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000 });
  backupAsked.serve(() => void app.backups.now());

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { database: database.kind, rates: app.currencies.ratesDate },
    `Quits is serving at ${address}`,
  );
}

/**
 * `npm run backup` asks a running server for a backup with SIGUSR2 (the server owns PGlite's
 * folder; no other process may open it). A request during the start is answered once it serves.
 */
function answerBackupRequests(): { serve(take: () => void): void } {
  let take: (() => void) | null = null;
  let asked = false;
  process.on('SIGUSR2', () => {
    if (take) take();
    else asked = true;
  });
  return {
    serve(taker) {
      take = taker;
      if (asked) taker();
    },
  };
}

/** PGlite in DATA_DIR, or PostgreSQL, waited for at start while it does not answer yet. */
function databaseTarget(config: Config, log: Logger): DatabaseTarget {
  if (!config.DATABASE_URL) return { kind: 'pglite', dataDir: resolve(config.DATA_DIR) };
  const timeoutMs = config.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000;
  return {
    kind: 'postgres',
    url: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    retry: {
      timeoutMs,
      onRetry: ({ attempt, retryInMs, leftMs, error }) =>
        log.warn(
          {
            attempt,
            retry_in_s: retryInMs / 1000,
            gives_up_in_s: Math.round(leftMs / 1000),
            reason: messageOf(error),
          },
          'PostgreSQL does not answer yet; trying again',
        ),
    },
  };
}

/** The secrets this start was given, to blank out of a failure's message. */
function scrubberOfEnvironment(): (text: string) => string {
  try {
    return secretScrubber(secretTexts(withSecretFiles(process.env)));
  } catch {
    return secretScrubber(secretTexts(process.env));
  }
}

main().catch((error: unknown) => {
  const scrub = scrubberOfEnvironment();
  if (error instanceof ConfigError || error instanceof DataFolderInUseError) {
    console.error(scrub(error.message));
  } else {
    console.error(scrub(`Quits could not start: ${describe(error)}`));
  }
  process.exit(1);
});

/** The error and its causes, one per line, with the stack of the outermost. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // Said in full by its message; the attempts are in the log above it.
  if (error instanceof DatabaseUnreachableError) return error.message;
  const lines = [error.stack ?? `${error.name}: ${error.message}`];
  for (let cause = error.cause, depth = 0; cause !== undefined && depth < 3; depth++) {
    lines.push(`caused by: ${messageOf(cause)}`);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return lines.join('\n');
}
