import { fileURLToPath } from 'node:url';
import { changesTable, runChangesBench } from './changes-bench';
import { runHttpBench } from './http-bench';
import { runLighthouseBench } from './lighthouse-bench';
import { runRealtimeBenches } from './realtime-bench';
import { printReliability, runReliabilityBench, writeReliabilityReport } from './reliability-bench';
import { printSocketFuzz, runSocketFuzzBench, socketFuzzFailed } from './socket-fuzz-bench';
import { measureBundleSize } from './support/bundle-size';
import {
  type BenchDatabase,
  DEFAULT_POSTGRES_URL,
  pgliteDatabase,
  postgresDatabase,
} from './support/databases';
import { runDomainBenchIfPresent } from './support/domain';
import { describeMachine, loadAverage } from './support/machine';
import { failures, type LoadSettings } from './support/measurement';
import { realtimeTable } from './support/realtime-report';
import { runReceiptsBench } from './support/receipts';
import { receiptsText } from './support/receipts-report';
import { reliabilityFailed } from './support/reliability-report';
import {
  type BenchReport,
  type DatabaseOutcome,
  type WebOutcome,
  writeReport,
} from './support/report';
import { codeRevision } from './support/revision';
import {
  bundleTable,
  coldReadTable,
  domainTable,
  failureLines,
  httpTable,
  lighthouseTable,
  textTable,
} from './support/table';

/**
 * The whole run must end; past this something is stuck, and the run says so and stops. About
 * four minutes of HTTP load, one of live updates, one of the domain, three of Lighthouse,
 * three of receipt reading, twelve of reliability (a 100,000-request fuzz, writers, kills) and
 * two of the socket fuzz on a quiet machine.
 */
const WATCHDOG_MS = 40 * 60_000;
const reportPath = fileURLToPath(new URL('../docs/BENCHMARKS.md', import.meta.url));

/** Seconds from the environment (for a quick trial run), else the default. */
function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a number of seconds`);
  return value;
}

const progress = (line: string) => console.log(line);

async function benchDatabase(
  database: BenchDatabase,
  settings: LoadSettings,
): Promise<DatabaseOutcome> {
  try {
    return { label: database.label, ...(await runHttpBench(database, settings, progress)) };
  } catch (error) {
    const note = `the run failed: ${error instanceof Error ? error.message : String(error)}`;
    console.error(`${database.label}: ${note}`);
    return { label: database.label, measurements: [], note };
  } finally {
    await database.drop();
  }
}

/**
 * Lighthouse on the built web app (its own server process), then the first load's size from the
 * build that run made sure of. A failure is a note in the report, not the end of the run.
 */
async function benchWebApp(): Promise<WebOutcome> {
  let lighthouse: WebOutcome['lighthouse'];
  try {
    lighthouse = await runLighthouseBench(progress);
  } catch (error) {
    const failed = error instanceof Error ? error.message : String(error);
    console.error(`lighthouse: the run failed: ${failed}`);
    lighthouse = { failed };
  }
  return { lighthouse, bundle: measureBundleSize() };
}

function printWebApp(web: WebOutcome): void {
  const { lighthouse, bundle } = web;
  if (!('failed' in lighthouse)) console.log(`\n${textTable(lighthouseTable(lighthouse.pages))}`);
  const size = 'unavailable' in bundle ? bundle.unavailable : textTable(bundleTable(bundle));
  console.log(`\n${size}`);
}

async function main(): Promise<number> {
  const settings: LoadSettings = {
    durationSeconds: seconds('BENCH_DURATION', 10),
    slices: 2,
    warmupSeconds: seconds('BENCH_WARMUP', 2),
    connections: 10,
  };
  const started = new Date();
  const machine = describeMachine();
  const revision = codeRevision();
  const databases: DatabaseOutcome[] = [];
  databases.push(await benchDatabase(await pgliteDatabase(), settings));

  const postgresUrl = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const postgres = await postgresDatabase(postgresUrl);
  if ('unavailable' in postgres) {
    const note = `skipped: no PostgreSQL at ${new URL(postgresUrl).host} (${postgres.unavailable})`;
    console.log(`PostgreSQL ${note}`);
    databases.push({ label: 'PostgreSQL', measurements: [], note });
  } else {
    databases.push(await benchDatabase(postgres, settings));
  }

  progress('realtime: running bench/realtime-bench.ts');
  const realtime = await runRealtimeBenches(progress);
  progress('changes: running bench/changes-bench.ts');
  const changes = await runChangesBench(progress);
  progress('reliability: running bench/reliability-bench.ts');
  const reliabilityLoad = loadAverage();
  const reliability = await runReliabilityBench(progress);
  progress('socket fuzz: running bench/socket-fuzz-bench.ts');
  const socketFuzz = await runSocketFuzzBench(progress);
  progress('domain: running bench/domain-bench.ts');
  const domain = await runDomainBenchIfPresent();
  progress('receipts: running bench/receipts-bench.ts');
  const receipts = await runReceiptsBench(progress);
  progress('web: running bench/lighthouse-bench.ts and scripts/check-bundle-size.mjs');
  const web = await benchWebApp();
  const report: BenchReport = {
    date: started,
    machine,
    revision,
    loadAtEnd: loadAverage(),
    settings,
    databases,
    realtime,
    changes,
    domain,
    receipts,
    web,
  };

  const measurements = databases.flatMap((database) => database.measurements);
  console.log(`\n${textTable(httpTable(measurements))}\n`);
  console.log(`${textTable(coldReadTable(measurements))}\n`);
  console.log(
    'figures' in domain ? textTable(domainTable(domain.figures)) : `domain: ${domain.skipped}`,
  );
  console.log(`\n${textTable(realtimeTable(realtime))}`);
  console.log(
    'failed' in changes
      ? `changes: ${changes.failed}`
      : `\n${textTable(changesTable(changes.figures))}`,
  );
  printReliability(reliability);
  console.log(`Wrote ${await writeReliabilityReport(reliability, reliabilityLoad)}`);
  printSocketFuzz(socketFuzz);
  console.log(
    `\n${'skipped' in receipts ? `receipts: ${receipts.skipped}` : receiptsText(receipts)}`,
  );
  printWebApp(web);
  for (const line of failureLines(measurements)) console.error(`FAILED REQUESTS: ${line}`);
  await writeReport(reportPath, report);
  console.log(`\nWrote ${reportPath}`);

  const failed = measurements.some((m) => failures(m.app) + failures(m.bare) > 0);
  const broken =
    databases.some((database) => database.note?.startsWith('the run failed')) ||
    realtime.some((outcome) => outcome.note !== undefined) ||
    'failed' in changes ||
    reliabilityFailed(reliability) ||
    socketFuzzFailed(socketFuzz) ||
    'failed' in web.lighthouse;
  return failed || broken ? 1 : 0;
}

setTimeout(() => {
  console.error(`npm run bench: still running after ${WATCHDOG_MS / 60_000} minutes; stopping.`);
  process.exit(2);
}, WATCHDOG_MS).unref();

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('npm run bench failed:', error);
    process.exit(1);
  },
);
