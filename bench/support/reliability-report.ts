import type { CrashOutcome } from '../../apps/server/test/hardening/support/crash-run';
import type { FuzzStats } from '../../apps/server/test/hardening/support/fuzz-run';
import type { WritersOutcome } from '../../apps/server/test/hardening/support/writers-run';
import { markdownTable, type Table } from './table';

export const RELIABILITY_COMMAND = 'npx tsx bench/reliability-bench.ts';

type Database = 'PGlite' | 'PostgreSQL';

/** Each part's figures, or why it has none. */
export interface ReliabilityOutcome {
  fuzz: { stats: FuzzStats } | { note: string };
  writers: { database: Database; outcome?: WritersOutcome; note?: string }[];
  crashes: { database: Database; outcome?: CrashOutcome; note?: string }[];
}

const count = new Intl.NumberFormat('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

export function reliabilityFailed(outcome: ReliabilityOutcome): boolean {
  if ('note' in outcome.fuzz || outcome.fuzz.stats.violations.length > 0) return true;
  return [...outcome.writers, ...outcome.crashes].some((part) => part.note !== undefined);
}

export function fuzzTable(outcome: ReliabilityOutcome): Table {
  const header = [
    'requests',
    'seed',
    'routes',
    '2xx',
    '4xx',
    '5xx',
    'broken 4xx',
    'writes',
    'balance checks',
    'events summing to 0 at the end',
    'time',
  ];
  if ('note' in outcome.fuzz) return { header, rows: [] };
  const { stats } = outcome.fuzz;
  const within = (low: number, high: number) =>
    [...stats.byStatus].reduce(
      (sum, [status, n]) => (status >= low && status < high ? sum + n : sum),
      0,
    );
  return {
    header,
    rows: [
      [
        count.format(stats.requests),
        String(stats.seed),
        String(stats.routes.length),
        count.format(within(200, 300)),
        count.format(within(400, 500)),
        count.format(stats.serverErrors),
        count.format(stats.violations.length - stats.serverErrors),
        count.format(stats.writes),
        count.format(stats.balanceChecks),
        `${stats.eventsSummedAtEnd} of ${stats.eventsChecked}`,
        seconds(stats.durationMs),
      ],
    ],
  };
}

export function writersTable(outcome: ReliabilityOutcome): Table {
  return {
    header: ['database', 'writers', 'changes acknowledged', 'entries found / written', 'time'],
    rows: outcome.writers.flatMap(({ database, outcome: figures }) =>
      figures
        ? [
            [
              database,
              String(figures.writers),
              count.format(figures.acknowledged),
              `${count.format(figures.found)} / ${count.format(figures.entries)}`,
              seconds(figures.durationMs),
            ],
          ]
        : [],
    ),
  };
}

export function crashTable(outcome: ReliabilityOutcome): Table {
  return {
    header: [
      'database',
      'kills survived',
      'changes acknowledged before a kill',
      'entries found after restarts',
      'in flight at kills (applied)',
      'time',
    ],
    rows: outcome.crashes.flatMap(({ database, outcome: figures }) =>
      figures
        ? [
            [
              database,
              String(figures.kills),
              count.format(figures.acknowledgedBeforeKills),
              count.format(figures.foundAfterRestarts),
              `${figures.inFlightAtKills} (${figures.inFlightApplied})`,
              seconds(figures.durationMs),
            ],
          ]
        : [],
    ),
  };
}

/** Notes for parts that failed or were skipped, and the first broken answers. */
export function reliabilityNotes(outcome: ReliabilityOutcome): string[] {
  const notes: string[] = [];
  if ('note' in outcome.fuzz) notes.push(`fuzz: ${outcome.fuzz.note}`);
  else for (const line of outcome.fuzz.stats.violations.slice(0, 5)) notes.push(`fuzz: ${line}`);
  for (const part of [...outcome.writers, ...outcome.crashes]) {
    if (part.note) notes.push(`${part.database}: ${part.note}`);
  }
  return notes;
}

export const SECTION_START = '<!-- reliability-bench:start -->';
export const SECTION_END = '<!-- reliability-bench:end -->';

/** The bench's section of docs/RELIABILITY.md, between its markers. */
export function reliabilitySection(outcome: ReliabilityOutcome, measured: string): string {
  const notes = reliabilityNotes(outcome).map((note) => `- ${note.replaceAll('\n', ' ')}`);
  return [
    SECTION_START,
    `Command: \`${RELIABILITY_COMMAND}\` (also part of \`npm run bench\`). ${measured}`,
    '',
    '**Fuzz** (the app in the bench process on PGlite on disk, requests through `app.inject`):',
    '',
    markdownTable(fuzzTable(outcome)),
    '',
    '**Concurrent writers** (over HTTP on 127.0.0.1, one event):',
    '',
    markdownTable(writersTable(outcome)),
    '',
    '**SIGKILL under a write load** (the server as `npm start` runs it, in a child process):',
    '',
    markdownTable(crashTable(outcome)),
    ...(notes.length > 0 ? ['', ...notes] : []),
    SECTION_END,
  ].join('\n');
}

/** `report` with its bench section replaced (or appended when it has none yet). */
export function replaceReliabilitySection(report: string, section: string): string {
  const start = report.indexOf(SECTION_START);
  const end = report.indexOf(SECTION_END);
  if (start < 0 || end < start) return `${report.trimEnd()}\n\n${section}\n`;
  return `${report.slice(0, start)}${section}${report.slice(end + SECTION_END.length)}`;
}
