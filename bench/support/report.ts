import { readFile, writeFile } from 'node:fs/promises';
import { type ChangesOutcome, changesSection } from '../changes-bench';
import { BUNDLE_COMMAND, type BundleSize } from './bundle-size';
import type { DomainOutcome } from './domain';
import {
  LIGHTHOUSE_COMMAND,
  type LighthouseRun,
  MIN_ACCESSIBILITY,
  MIN_PERFORMANCE,
} from './lighthouse';
import type { Machine } from './machine';
import type { LoadSettings, Measurement } from './measurement';
import { type RealtimeOutcome, realtimeSection } from './realtime-report';
import type { ReceiptsOutcome } from './receipts';
import { receiptsSection } from './receipts-report';
import {
  bundleTable,
  coldReadTable,
  domainTable,
  failureLines,
  httpTable,
  lighthouseTable,
  markdownTable,
} from './table';

/** The web app's figures: Lighthouse on its screens, and what a first load downloads. */
export interface WebOutcome {
  lighthouse: LighthouseRun | { failed: string };
  bundle: BundleSize | { unavailable: string };
}

/** What one database gave: its figures, or why it has none. */
export interface DatabaseOutcome {
  label: 'PGlite' | 'PostgreSQL';
  measurements: Measurement[];
  /** `SHOW server_version` of the engine, when the app started. */
  serverVersion?: string;
  note?: string;
}

export interface BenchReport {
  date: Date;
  machine: Machine;
  /** The commit measured (see `codeRevision`). */
  revision: string;
  /** The 1-minute load average when the run ended (it includes the run itself). */
  loadAtEnd: number;
  settings: LoadSettings;
  databases: DatabaseOutcome[];
  domain: DomainOutcome;
  /** Live updates: sockets on one event hearing changes made through the API. */
  realtime: RealtimeOutcome[];
  /** One change's cost per device, per catch-up and in server CPU, before and after deltas. */
  changes: ChangesOutcome;
  /** Receipt reading: accuracy on the shared receipts, time per receipt, memory in a burst. */
  receipts: ReceiptsOutcome | { skipped: string };
  web: WebOutcome;
}

const HOW_TO_READ = `## How to read this

Each HTTP figure is the real app (built by \`buildApp\`, logger off) answering over a real socket
on 127.0.0.1; beside it, in the same run with the same settings, a bare Fastify route that sends
the same bytes (for a create: parses the same JSON body and answers a fixed 201). The bare route
is the bound, what Fastify and the socket cost alone, so **app / bare** is the share of the
bound the app keeps: 1.00 would mean the app's own work is free; the bar is 0.50. The two are
measured in alternating slices (app, bare, bare, app), so that other work on the machine and
the order fall on both alike. req/s counts every answer over the measured seconds, after a
warm-up whose figures are dropped; p50/p99 are latencies of single requests. autocannon runs in
a child process: in the server's process it would share the server's event loop, and both the
app and the bound would pay for the load generator, which pulls the ratio towards 1. The
server, the load generator and PostgreSQL still share this machine's cores, and other work on
it lowers every figure (see the load average): one run is one sample, ratios within about 10 %
of 1.00 mean "as fast as the bound", and absolute figures move more between runs than ratios.
Every answer must be 200 (GET) or 201 (create); "failed" counts the others and requests with
no answer, and a measurement with any failure reads ERRORS, never PASS.`;

function engines(databases: readonly DatabaseOutcome[]): string {
  return databases
    .map((database) => {
      const version = database.serverVersion;
      if (version === undefined) return `${database.label} not measured`;
      return database.label === 'PGlite'
        ? `PGlite (PostgreSQL ${version} in WebAssembly, in the server's process) on disk`
        : `PostgreSQL ${version} on the same machine`;
    })
    .join('; ');
}

function machineSection(report: BenchReport): string {
  const { machine, settings } = report;
  return [
    `- Date: ${report.date.toISOString()}`,
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB memory, ${machine.os}`,
    `- Load average (1 min): ${machine.loadAtStart} at the start, ${report.loadAtEnd} at the end; ` +
      `near ${machine.cores} or more at the start means other work shared the cores`,
    `- Node ${machine.node}; ${engines(report.databases)}`,
    `- Code: ${report.revision}`,
    '- Command: `npm run bench` (`tsx bench/run-all.ts`)',
    `- Load: autocannon; per side ${settings.warmupSeconds} s of warm-up, then ` +
      `${settings.durationSeconds} s measured in ${settings.slices} slices alternating app and ` +
      `bare; GETs with ${settings.connections} connections, creates with 1 and with 10`,
  ].join('\n');
}

function httpSection(report: BenchReport): string {
  const measurements = report.databases.flatMap((database) => database.measurements);
  const notes = report.databases.flatMap((database) =>
    database.note ? [`- ${database.label}: ${database.note}`] : [],
  );
  const failed = failureLines(measurements).map((line) => `- **Failed requests.** ${line}`);
  const parts = ['## HTTP'];
  if (measurements.length > 0) {
    parts.push(markdownTable(httpTable(measurements)));
    parts.push(
      'GET events: 4 people / 200 expenses and 50 people / 2,000 expenses, seeded through the ' +
        'API (one in three in USD with the event rate, one in five with two payers, 2–10 ' +
        'participants, one in ten shared by everyone). Creates go to a fresh 4-person event, ' +
        'a new UUID per request.',
    );
    parts.push(
      `### First read after seeding (cache miss)\n\n${markdownTable(coldReadTable(measurements))}`,
    );
  }
  if (notes.length + failed.length > 0) parts.push([...notes, ...failed].join('\n'));
  return parts.join('\n\n');
}

function domainSection(outcome: DomainOutcome): string {
  const body =
    'figures' in outcome
      ? markdownTable(domainTable(outcome.figures))
      : `Skipped: ${outcome.skipped}`;
  return `## Domain (\`bench/domain-bench.ts\`)\n\n${body}`;
}

/** `Chrome/136.0.7103.92` out of a user agent. */
function browserName(userAgent: string): string {
  const version = /(?:Headless)?Chrome\/([\d.]+)/.exec(userAgent)?.[1];
  return version ? `Chromium ${version}` : userAgent;
}

function lighthouseText(run: LighthouseRun): string {
  return [
    `Command: \`${LIGHTHOUSE_COMMAND}\` (\`LIGHTHOUSE_RUNS=1\` for a quick look). Lighthouse ` +
      `${run.lighthouseVersion} in headless ${browserName(run.browser)}, with its default ` +
      'config: a mobile screen, simulated slow 4G (150 ms round trips, 1.6 Mbit/s) and a CPU ' +
      `4× slower than this machine's; each page ${run.runs} times, the median run kept ` +
      "(Lighthouse's own pick, by FCP and TTI). The real server runs in its own process " +
      '(`tsx apps/server/src/server.ts`, PGlite in a new temporary directory, 127.0.0.1) and ' +
      'serves the production build; the event has 3 people and 30 expenses, created through ' +
      'the API. The server renders the event home (apps/web/src/ssr) and the app takes it ' +
      'over. A first visit starts with an empty cache, storage and cookies; "as one of its ' +
      'people" has chosen who it is (the `whoami` key and the cookie the app keeps beside it) ' +
      'and, for dark mode, the theme, still with an empty cache and no service worker. The ' +
      'simulated times scale the CPU time measured here, so a busy machine ' +
      `(see the load average) lowers performance. Bars: performance ≥ ${MIN_PERFORMANCE}, ` +
      `accessibility ${MIN_ACCESSIBILITY}. JS transferred is as sent (brotli).`,
    markdownTable(lighthouseTable(run.pages)),
  ].join('\n\n');
}

/** The audits that cost each page points, so that a MISS says why. */
function failingAuditLines(run: LighthouseRun): string {
  const lines = run.pages.flatMap((page) =>
    page.failing.map((audit) => `- ${page.label}: ${audit}`),
  );
  return lines.length > 0 ? `Audits that cost points:\n\n${lines.join('\n')}` : '';
}

function webSection(web: WebOutcome): string {
  const parts = ['## Web app', '### Lighthouse'];
  if ('failed' in web.lighthouse) {
    parts.push(`Command: \`${LIGHTHOUSE_COMMAND}\`. The run failed: ${web.lighthouse.failed}`);
  } else {
    parts.push(lighthouseText(web.lighthouse));
    const failing = failingAuditLines(web.lighthouse);
    if (failing) parts.push(failing);
  }
  parts.push('### First load of the event home');
  parts.push(
    'unavailable' in web.bundle
      ? `Command: \`${BUNDLE_COMMAND}\`. Not measured: ${web.bundle.unavailable}`
      : `Command: \`${BUNDLE_COMMAND}\`. The JavaScript Chromium downloads on a first visit ` +
          'to `/event/{id}/home` on a phone (360 px, rendered by the server), from the real ' +
          'server with an empty cache until the network is idle, each file gzipped (it receives ' +
          'brotli; the script prints both, and the wide screen and the start page).' +
          `\n\n${markdownTable(bundleTable(web.bundle))}`,
  );
  return parts.join('\n\n');
}

/** The whole of `docs/BENCHMARKS.md`. */
export function renderReport(report: BenchReport): string {
  return `${[
    '# Benchmarks',
    'Written by `npm run bench`; run it again rather than editing this file. Targets are ' +
      'PRODUCT.md §10.',
    machineSection(report),
    HOW_TO_READ,
    httpSection(report),
    realtimeSection(report.realtime),
    changesSection(report.changes),
    domainSection(report.domain),
    receiptsSection(report.receipts),
    webSection(report.web),
  ].join('\n\n')}\n`;
}

/** Sections another command writes into the same file, kept as they are by a new report. */
const KEPT_SECTIONS = [
  // scripts/container/container-test.mjs --record: the image's size and start times.
  '## Container image',
];

/** The section of `text` under `heading`, up to the next `## ` heading; '' when absent. */
function sectionOf(text: string, heading: string): string {
  const start = text.indexOf(`\n${heading}`);
  if (start < 0) return '';
  const next = text.indexOf('\n## ', start + 1);
  return text.slice(start + 1, next < 0 ? undefined : next).trimEnd();
}

export async function writeReport(path: string, report: BenchReport): Promise<void> {
  const previous = await readFile(path, 'utf8').catch(() => '');
  const kept = KEPT_SECTIONS.map((heading) => sectionOf(previous, heading)).filter(Boolean);
  await writeFile(path, `${[renderReport(report).trimEnd(), ...kept].join('\n\n')}\n`, 'utf8');
}
