#!/usr/bin/env node
// The whole suite (`npm test`): each phase in turn, stopping at the first that fails, then the
// seconds each phase took and the slowest test files, so that where the time goes is in every
// run's log (docs/TESTING.md keeps the figures).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = join(root, 'test-results');
const vitestReport = join(results, 'vitest.json');
const playwrightReport = join(results, 'playwright.json');
const SLOWEST = 15;

const bin = (name) => join(root, 'node_modules/.bin', name);

/** Every phase: a name for the table and the command it runs. */
const phases = [
  { name: 'lint', command: [bin('biome'), 'check', '.'] },
  { name: 'types', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'i18n', command: [bin('tsx'), 'scripts/check-i18n.ts'] },
  {
    name: 'unit and API tests (PGlite and PostgreSQL)',
    command: [
      bin('vitest'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
  },
  {
    name: 'browser tests',
    command: [bin('playwright'), 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  },
  { name: 'bundle check', command: [process.execPath, 'scripts/check-bundle-size.mjs'] },
];

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/** Each file's seconds in vitest's JSON report: from its first test's start to its end. */
function vitestFiles() {
  if (!existsSync(vitestReport)) return [];
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  return report.testResults.map((file) => ({
    file: relative(root, file.name),
    ms: file.endTime - file.startTime,
  }));
}

/** Each spec file's seconds in Playwright's JSON report, summed over its tests and widths. */
function playwrightFiles() {
  if (!existsSync(playwrightReport)) return [];
  const report = JSON.parse(readFileSync(playwrightReport, 'utf8'));
  const totals = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const result of test.results) {
          const file = `apps/web/e2e/${spec.file}`;
          totals.set(file, (totals.get(file) ?? 0) + result.duration);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites) visit(suite);
  return [...totals].map(([file, ms]) => ({ file, ms }));
}

function printSummary(timings) {
  console.log('\nSeconds per phase:');
  for (const { name, ms, status } of timings) {
    console.log(`  ${seconds(ms).padStart(7)}  ${name}${status === 0 ? '' : ' (failed)'}`);
  }
  const total = timings.reduce((sum, { ms }) => sum + ms, 0);
  console.log(`  ${seconds(total).padStart(7)}  in all`);
  const slowest = [...vitestFiles(), ...playwrightFiles()]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST);
  if (slowest.length === 0) return;
  console.log(`\nThe ${slowest.length} slowest test files:`);
  for (const { file, ms } of slowest) console.log(`  ${seconds(ms).padStart(7)}  ${file}`);
}

mkdirSync(results, { recursive: true });
const timings = [];
let failed = 0;
for (const phase of phases) {
  console.log(`\n=== ${phase.name} ===`);
  const started = performance.now();
  const [command, ...args] = phase.command;
  const run = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...phase.env },
  });
  const status = run.status ?? 1;
  timings.push({ name: phase.name, ms: performance.now() - started, status });
  if (status !== 0) {
    failed = status;
    break;
  }
}
printSummary(timings);
process.exit(failed);
