import { pathToFileURL } from 'node:url';
import { measureCreate } from './http-bench';
import { startApp } from './support/app-server';
import {
  type BenchDatabase,
  DEFAULT_POSTGRES_URL,
  pgliteDatabase,
  postgresDatabase,
} from './support/databases';
import { loadAverage } from './support/machine';
import type { LoadSettings, Measurement } from './support/measurement';
import { httpTable, textTable } from './support/table';

/**
 * Only the create-an-expense measurement (the app beside its bare bound, as `npm run bench`
 * measures it), for checking a change to the write path without the whole run:
 *
 *   npx tsx bench/create-expense-bench.ts [pglite|postgres] [connections]
 *
 * Defaults: PostgreSQL at BENCH_DATABASE_URL (else the local test database), 10 connections,
 * BENCH_DURATION (10) measured seconds per side after BENCH_WARMUP (2).
 */
async function main(): Promise<number> {
  const [kind = 'postgres', connectionsArgument = '10'] = process.argv.slice(2);
  const connections = Number(connectionsArgument);
  if (!['pglite', 'postgres'].includes(kind) || !Number.isInteger(connections)) {
    console.error('usage: npx tsx bench/create-expense-bench.ts [pglite|postgres] [connections]');
    return 2;
  }
  const settings: LoadSettings = {
    durationSeconds: Number(process.env.BENCH_DURATION || 10),
    slices: 2,
    warmupSeconds: Number(process.env.BENCH_WARMUP || 2),
    connections,
  };
  let database: BenchDatabase;
  if (kind === 'pglite') {
    database = await pgliteDatabase();
  } else {
    const url = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;
    const postgres = await postgresDatabase(url);
    if ('unavailable' in postgres) {
      console.error(`no PostgreSQL at ${new URL(url).host}: ${postgres.unavailable}`);
      return 1;
    }
    database = postgres;
  }
  const loadAtStart = loadAverage();
  let measurement: Measurement;
  const running = await startApp(database);
  try {
    measurement = await measureCreate(running.baseUrl, database, connections, settings);
  } finally {
    await running.close();
    await database.drop();
  }
  console.log(textTable(httpTable([measurement])));
  console.log(`load average ${loadAtStart} at the start, ${loadAverage()} at the end`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
