import type { RealtimeResult, Spread } from './realtime-spec';
import { markdownTable, type Table } from './table';

/** What one database gave for live updates: its figures, or why it has none. */
export interface RealtimeOutcome {
  database: 'PGlite' | 'PostgreSQL';
  sockets: number;
  changes: number;
  warmup: number;
  result?: RealtimeResult;
  note?: string;
}

export const REALTIME_COMMAND = 'npx tsx bench/realtime-bench.ts';

const ms = (value: number) => (Math.abs(value) < 10 ? value.toFixed(2) : value.toFixed(0));
const spread = (value: Spread) => `${ms(value.p50Ms)} / ${ms(value.p99Ms)}`;

/** One row per database: the app's delivery beside the bare fan-out and echo. */
export function realtimeTable(outcomes: readonly RealtimeOutcome[]): Table {
  return {
    header: [
      'database',
      'sockets',
      'changes',
      'frame',
      'write p50 ms',
      'message − answer p50 / p99 ms',
      'message − request p50 / p99 ms',
      'bare fan-out p50 / p99 ms',
      'bare echo p50 ms',
      'bound p50 ms',
      'bound / app',
    ],
    rows: outcomes.flatMap((outcome) => {
      const { result } = outcome;
      if (!result) return [];
      // The bound: answer the write, then fan the frame out as bare `ws` does.
      const bound = result.write.p50Ms + result.bareFanout.p50Ms;
      return [
        [
          outcome.database,
          String(outcome.sockets),
          String(result.write.samples),
          `${result.frameBytes} B`,
          ms(result.write.p50Ms),
          spread(result.afterAnswer),
          spread(result.afterRequest),
          spread(result.bareFanout),
          ms(result.bareEcho.p50Ms),
          ms(bound),
          (bound / result.afterRequest.p50Ms).toFixed(2),
        ],
      ];
    }),
  };
}

/**
 * The `## Live updates` section of docs/BENCHMARKS.md; `measured` says when and how loaded the
 * machine was, for a run of this bench alone (the full run says so at the top).
 */
export function realtimeSection(outcomes: readonly RealtimeOutcome[], measured?: string): string {
  const notes = outcomes.flatMap((outcome) =>
    outcome.note ? [`- ${outcome.database}: ${outcome.note}`] : [],
  );
  const first = outcomes[0];
  const parts = [
    '## Live updates',
    `Command: \`${REALTIME_COMMAND}\` (also part of \`npm run bench\`). The real app in the ` +
      `bench's process on 127.0.0.1, its built-in Pusher-protocol server; ${first?.sockets ?? 500} ` +
      'sockets in another process (raw `ws`, speaking the protocol by hand: connected, signed ' +
      "by `/api/broadcasting/auth`, subscribed) on one event's private channel; changes are " +
      `new expenses created through the API one at a time (${first?.warmup ?? 5} of warm-up ` +
      'dropped), each waited for at every socket before the next. "message − answer" is when ' +
      "each socket got the change's `ExpenseCreated`, counted from when the API's answer was " +
      'read (negative: before it). On PGlite the server broadcasts once it has sent the ' +
      'answer; on PostgreSQL every instance hears the change through LISTEN and reads its ' +
      'history rows back first. "message − request" counts from when the request ' +
      'was sent. The bound, in the same run and alternated with the app (app, bare, bare, ' +
      'app): a bare `ws` server that sends the same frame to as many sockets when triggered ' +
      '(no protocol, database or HTTP), and a bare echo of one frame; "bound p50" is the ' +
      "write's round trip plus the bare fan-out, what answering and then broadcasting would " +
      'cost at the least, and "bound / app" its share of the app\'s message − request (1.00: ' +
      'as fast as the bound; above 1: faster, as the broadcast overlaps the answer). p99 ' +
      'over every socket of every change includes the clients walking through 500 sockets in ' +
      'one process, on both sides alike.',
  ];
  if (measured) parts.push(measured);
  const table = realtimeTable(outcomes);
  if (table.rows.length > 0) parts.push(markdownTable(table));
  if (notes.length > 0) parts.push(notes.join('\n'));
  return parts.join('\n\n');
}

/**
 * Puts the section into the report in place of the one there (or before `## Domain`), so that
 * a run of this bench alone leaves the other figures as the last full run wrote them.
 */
export function replaceRealtimeSection(report: string, section: string): string {
  const start = report.indexOf('\n## Live updates\n');
  if (start >= 0) {
    const end = report.indexOf('\n## ', start + 1);
    return `${report.slice(0, start + 1)}${section}\n${end >= 0 ? report.slice(end) : ''}`;
  }
  const domain = report.indexOf('\n## Domain');
  if (domain < 0) return `${report.trimEnd()}\n\n${section}\n`;
  return `${report.slice(0, domain + 1)}${section}\n\n${report.slice(domain + 1)}`;
}
