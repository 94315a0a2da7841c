import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from '@server/app';
import { readConfig } from '@server/config';
import { openDatabase } from '@server/db/connection';
import { type CrashOutcome, runCrashes } from '../apps/server/test/hardening/support/crash-run';
import { runFuzz } from '../apps/server/test/hardening/support/fuzz-run';
import { reliabilityEnvironment } from '../apps/server/test/hardening/support/fuzz-settings';
import { makeWebDist } from '../apps/server/test/hardening/support/web-dist';
import {
  runConcurrentWriters,
  type WritersOutcome,
} from '../apps/server/test/hardening/support/writers-run';
import {
  type BenchDatabase,
  DEFAULT_POSTGRES_URL,
  pgliteDatabase,
  postgresDatabase,
} from './support/databases';
import { describeMachine, loadAverage } from './support/machine';
import {
  crashTable,
  fuzzTable,
  type ReliabilityOutcome,
  reliabilityFailed,
  reliabilityNotes,
  reliabilitySection,
  replaceReliabilitySection,
  writersTable,
} from './support/reliability-report';
import { codeRevision } from './support/revision';
import { textTable } from './support/table';

type Progress = (line: string) => void;

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a whole number`);
  return value;
}

/**
 * Ten times the fuzz of `npm test`, four times its writers, more than three times its kills.
 * FUZZ_REQUESTS and FUZZ_SEED change the fuzz (a failing seed is printed, to run it again).
 */
export const RELIABILITY_SETTINGS = {
  fuzzRequests: positive('FUZZ_REQUESTS', 100_000),
  fuzzSeed: positive('FUZZ_SEED', Date.now() % 1_000_000_000),
  writers: 200,
  changesPerWriter: 25,
  kills: 10,
  crashWriters: 16,
  changesPerRound: 100,
} as const;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The app in this process, on `database`, rate limits out of reach and a stand-in web build
 * (as in the tests: a rebuild of apps/web/dist during the run must not change the answers).
 */
async function startApp(database: BenchDatabase) {
  const handle = await openDatabase(database.target);
  const webDist = makeWebDist();
  const app = await buildApp({
    config: readConfig(reliabilityEnvironment(webDist.dir)),
    database: handle,
    logger: false,
  });
  await app.ready();
  return {
    app,
    handle,
    close: async () => {
      await app.close();
      await handle.close();
      webDist.remove();
    },
  };
}

async function fuzz(progress: Progress): Promise<ReliabilityOutcome['fuzz']> {
  const database = await pgliteDatabase();
  const running = await startApp(database);
  try {
    const { fuzzRequests: requests, fuzzSeed: seed } = RELIABILITY_SETTINGS;
    progress(`reliability: fuzzing ${requests} requests (FUZZ_SEED=${seed})`);
    const stats = await runFuzz({
      app: running.app,
      requests,
      seed,
      onViolation: 'collect',
      progress,
    });
    return { stats };
  } catch (error) {
    return {
      note: `the fuzz stopped (FUZZ_SEED=${RELIABILITY_SETTINGS.fuzzSeed}): ${message(error)}`,
    };
  } finally {
    await running.close();
    await database.drop();
  }
}

async function writers(database: BenchDatabase, progress: Progress): Promise<WritersOutcome> {
  const running = await startApp(database);
  try {
    const baseUrl = await running.app.listen({ port: 0, host: '127.0.0.1' });
    const outcome = await runConcurrentWriters({
      baseUrl,
      db: running.handle.db,
      writers: RELIABILITY_SETTINGS.writers,
      changesPerWriter: RELIABILITY_SETTINGS.changesPerWriter,
      seed: 11,
    });
    progress(
      `reliability: ${database.label}: ${outcome.acknowledged} changes by ${outcome.writers} writers, all found`,
    );
    return outcome;
  } finally {
    await running.close();
  }
}

async function crashes(database: BenchDatabase, progress: Progress): Promise<CrashOutcome> {
  const { target } = database;
  return runCrashes({
    data:
      target.kind === 'pglite'
        ? { kind: 'pglite', dataDir: target.dataDir ?? '' }
        : { kind: 'postgres', url: target.url },
    kills: RELIABILITY_SETTINGS.kills,
    writers: RELIABILITY_SETTINGS.crashWriters,
    changesPerRound: RELIABILITY_SETTINGS.changesPerRound,
    seed: 13,
    progress: (line) => progress(`reliability: ${database.label}: ${line}`),
  });
}

/** A fresh PGlite directory, and a fresh PostgreSQL database when one is reachable. */
async function databases(): Promise<BenchDatabase[]> {
  const postgres = await postgresDatabase(process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL);
  return [await pgliteDatabase(), ...('unavailable' in postgres ? [] : [postgres])];
}

/** The long fuzz, the writers on each database, the kills on each database. */
export async function runReliabilityBench(progress: Progress): Promise<ReliabilityOutcome> {
  const outcome: ReliabilityOutcome = { fuzz: await fuzz(progress), writers: [], crashes: [] };
  for (const database of await databases()) {
    try {
      outcome.writers.push({
        database: database.label,
        outcome: await writers(database, progress),
      });
    } catch (error) {
      outcome.writers.push({ database: database.label, note: `writers failed: ${message(error)}` });
    } finally {
      await database.drop();
    }
  }
  for (const database of await databases()) {
    try {
      outcome.crashes.push({
        database: database.label,
        outcome: await crashes(database, progress),
      });
    } catch (error) {
      outcome.crashes.push({
        database: database.label,
        note: `the kills failed: ${message(error)}`,
      });
    } finally {
      await database.drop();
    }
  }
  return outcome;
}

/** The three tables and any notes, for a terminal. */
export function printReliability(outcome: ReliabilityOutcome): void {
  console.log(`\n${textTable(fuzzTable(outcome))}`);
  console.log(`\n${textTable(writersTable(outcome))}`);
  console.log(`\n${textTable(crashTable(outcome))}`);
  for (const note of reliabilityNotes(outcome)) console.error(`RELIABILITY: ${note}`);
}

/** Puts the figures into docs/RELIABILITY.md's bench section. */
export async function writeReliabilityReport(
  outcome: ReliabilityOutcome,
  loadAtStart: number,
): Promise<string> {
  const { cpu, cores, node } = describeMachine();
  const measured =
    `Measured on ${new Date().toISOString()} (${cpu}, ${cores} cores, Node ${node}; load ` +
    `average ${loadAtStart} at the start, ${loadAverage()} at the end; code ${codeRevision()}).`;
  const path = fileURLToPath(new URL('../docs/RELIABILITY.md', import.meta.url));
  const report = await readFile(path, 'utf8');
  await writeFile(path, replaceReliabilitySection(report, reliabilitySection(outcome, measured)));
  return path;
}

async function runAlone(): Promise<number> {
  const loadAtStart = loadAverage();
  const outcome = await runReliabilityBench((line) => console.log(line));
  printReliability(outcome);
  console.log(`\nWrote the bench section of ${await writeReliabilityReport(outcome, loadAtStart)}`);
  return reliabilityFailed(outcome) ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runAlone().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
