// The HTTP part of `npm run bench` alone (`npm run bench:http`): event reads and expense
// creates on PGlite and on PostgreSQL, each against its bare-Fastify bound, printed as the
// tables docs/BENCHMARKS.md shows. For re-measuring after a change of the read or write path
// without the hour the whole run takes; writes no file.
import { runHttpBench } from './http-bench';
import {
  type BenchDatabase,
  DEFAULT_POSTGRES_URL,
  pgliteDatabase,
  postgresDatabase,
} from './support/databases';
import { describeMachine, loadAverage } from './support/machine';
import type { LoadSettings, Measurement } from './support/measurement';
import { codeRevision } from './support/revision';
import { coldReadTable, httpTable, textTable } from './support/table';

const settings: LoadSettings = {
  durationSeconds: 10,
  slices: 2,
  warmupSeconds: 2,
  connections: 10,
};

async function measure(database: BenchDatabase): Promise<Measurement[]> {
  try {
    return (await runHttpBench(database, settings, (line) => console.log(line))).measurements;
  } finally {
    await database.drop();
  }
}

async function main(): Promise<void> {
  const machine = describeMachine();
  console.log(
    `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; code ${codeRevision()}; load ${machine.loadAtStart} at the start`,
  );
  const measurements = await measure(await pgliteDatabase());
  const postgres = await postgresDatabase(process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL);
  if ('unavailable' in postgres) console.log(`PostgreSQL skipped: ${postgres.unavailable}`);
  else measurements.push(...(await measure(postgres)));
  console.log(`load ${loadAverage()} at the end`);
  console.log(`\n${textTable(httpTable(measurements))}\n`);
  console.log(textTable(coldReadTable(measurements)));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('npm run bench:http failed:', error);
    process.exit(1);
  },
);
