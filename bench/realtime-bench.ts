import { fork } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startApp } from './support/app-server';
import { startBareFanout } from './support/bare-fanout';
import {
  type BenchDatabase,
  DEFAULT_POSTGRES_URL,
  pgliteDatabase,
  postgresDatabase,
} from './support/databases';
import { describeMachine, loadAverage } from './support/machine';
import {
  type RealtimeOutcome,
  realtimeSection,
  realtimeTable,
  replaceRealtimeSection,
} from './support/realtime-report';
import type { RealtimeResult, RealtimeSpec } from './support/realtime-spec';
import { codeRevision } from './support/revision';
import { createEvent } from './support/seed';
import { textTable } from './support/table';

type Progress = (line: string) => void;

/** 500 sockets on one event's channel; 100 changes per side after 5 of warm-up. */
export const REALTIME_SETTINGS = { sockets: 500, changes: 100, warmup: 5 } as const;

const workerPath = fileURLToPath(new URL('./support/realtime-worker.ts', import.meta.url));
const tsxLoader = import.meta.resolve('tsx');
/** The clients' process is killed past this: connecting, 210 changes and the bound. */
const LIMIT_MS = 120_000;

type WorkerAnswer = { ok: true; result: RealtimeResult } | { ok: false; error: string };

function runClients(spec: RealtimeSpec): Promise<RealtimeResult> {
  return new Promise((resolve, reject) => {
    const child = fork(workerPath, [], { execArgv: ['--import', tsxLoader], stdio: 'inherit' });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the realtime clients did not finish within ${LIMIT_MS / 1000} s`));
    }, LIMIT_MS);
    child.once('message', (answer: WorkerAnswer) => {
      clearTimeout(timer);
      if (answer.ok) resolve(answer.result);
      else reject(new Error(`the realtime clients failed: ${answer.error}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the realtime clients exited with ${code} before answering`));
    });
    child.send(spec);
  });
}

/**
 * Live updates on one database: the real app in this process on 127.0.0.1, 500 sockets
 * (another process, speaking the Pusher protocol by hand) on one event's private channel, and
 * changes made through the API one at a time; beside it, the same frame fanned out by a bare
 * `ws` server to as many sockets, and a bare echo.
 */
export async function runRealtimeBench(
  database: BenchDatabase,
  progress: Progress,
): Promise<RealtimeOutcome> {
  const running = await startApp(database);
  const bare = await startBareFanout();
  try {
    const event = await createEvent(running.baseUrl, 8, crypto.randomUUID());
    const result = await runClients({
      appOrigin: running.baseUrl,
      key: 'quits',
      eventId: event.id,
      userIds: event.userIds,
      bareOrigin: bare.origin,
      ...REALTIME_SETTINGS,
    });
    progress(
      `${database.label}: ${REALTIME_SETTINGS.sockets} sockets, message after the answer ` +
        `p50 ${result.afterAnswer.p50Ms.toFixed(2)} ms, p99 ${result.afterAnswer.p99Ms.toFixed(2)} ms`,
    );
    return { database: database.label, ...REALTIME_SETTINGS, result };
  } finally {
    await bare.close();
    await running.close();
  }
}

/** Both databases (PostgreSQL when reachable); a failure is a note, not the end of the run. */
export async function runRealtimeBenches(progress: Progress): Promise<RealtimeOutcome[]> {
  const outcomes: RealtimeOutcome[] = [];
  const postgresUrl = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const postgres = await postgresDatabase(postgresUrl);
  const databases = [await pgliteDatabase(), ...('unavailable' in postgres ? [] : [postgres])];
  for (const database of databases) {
    try {
      outcomes.push(await runRealtimeBench(database, progress));
    } catch (error) {
      const note = `the run failed: ${error instanceof Error ? error.message : String(error)}`;
      console.error(`realtime on ${database.label}: ${note}`);
      outcomes.push({ database: database.label, ...REALTIME_SETTINGS, note });
    } finally {
      await database.drop();
    }
  }
  return outcomes;
}

/** Runs alone: prints the table and puts its section into docs/BENCHMARKS.md. */
async function runAlone(): Promise<number> {
  const loadAtStart = loadAverage();
  const outcomes = await runRealtimeBenches((line) => console.log(line));
  console.log(`\n${textTable(realtimeTable(outcomes))}`);
  const { cpu, cores, node } = describeMachine();
  const measured =
    `Measured alone on ${new Date().toISOString()} (${cpu}, ${cores} cores, Node ${node}; ` +
    `load average ${loadAtStart} at the start, ${loadAverage()} at the end; code ${codeRevision()}).`;
  const path = fileURLToPath(new URL('../docs/BENCHMARKS.md', import.meta.url));
  const report = await readFile(path, 'utf8');
  await writeFile(path, replaceRealtimeSection(report, realtimeSection(outcomes, measured)));
  console.log(`\nWrote the live updates section of ${path}`);
  return outcomes.some((outcome) => outcome.note) ? 1 : 0;
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
