import type { ReceiptResult, ReceiptsOutcome } from './receipts';
import { markdownTable, type Table, textTable } from './table';

export const RECEIPTS_COMMAND = 'npm run bench:receipts';

/** The bars of the receipt reading (issue: totals and dates ≥ 45 of 50, ≤ 1.5 s, < 600 MB). */
const BARS = { rightShare: 45 / 50, medianSeconds: 1.5, peakMiB: 600 };
/** Below this confidence the app asks the person to check the total. */
const SURE = 0.7;

function quantile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

function pass(ok: boolean): string {
  return ok ? 'PASS' : 'MISS';
}

/** "right of all" among some results, e.g. "46 of 47". */
function rightAmong(results: ReceiptResult[]): string {
  return `${results.filter((result) => result.totalRight).length} of ${results.length}`;
}

function rightOf(results: ReceiptResult[], key: 'totalRight' | 'dateRight'): string {
  return `${results.filter((result) => result[key]).length} / ${results.length}`;
}

/** The figures, one row each, with their bar. */
export function receiptsTable(outcome: ReceiptsOutcome): Table {
  const { results, burst } = outcome;
  const count = results.length;
  const totals = results.filter((result) => result.totalRight).length;
  const dates = results.filter((result) => result.dateRight).length;
  const wall = results.map((result) => result.seconds);
  const cpu = results.map((result) => result.cpuSeconds);
  const sure = results.filter((result) => result.confidence >= SURE);
  const unsure = results.filter((result) => result.confidence < SURE);
  const rows: string[][] = [
    [
      'totals right (±0.05)',
      rightOf(results, 'totalRight'),
      '≥ 45 / 50',
      pass(totals >= BARS.rightShare * count),
    ],
    [
      'dates right',
      rightOf(results, 'dateRight'),
      '≥ 45 / 50',
      pass(dates >= BARS.rightShare * count),
    ],
    [
      'seconds per receipt, wall: median / p90',
      `${quantile(wall, 0.5).toFixed(2)} / ${quantile(wall, 0.9).toFixed(2)}`,
      `median ≤ ${BARS.medianSeconds}`,
      pass(quantile(wall, 0.5) <= BARS.medianSeconds),
    ],
    [
      'CPU seconds per receipt: median / p90',
      `${quantile(cpu, 0.5).toFixed(2)} / ${quantile(cpu, 0.9).toFixed(2)}`,
      `median ≤ ${BARS.medianSeconds}`,
      pass(quantile(cpu, 0.5) <= BARS.medianSeconds),
    ],
    [
      `totals right when confidence ≥ ${SURE} / < ${SURE}`,
      `${rightAmong(sure)} / ${rightAmong(unsure)}`,
      'most / few',
      '',
    ],
    [
      'one reading per receipt: totals right',
      rightOf(outcome.singleReadings, 'totalRight'),
      '',
      '',
    ],
    [
      `one reading: totals right when confidence ≥ ${SURE} / < ${SURE}`,
      `${rightAmong(outcome.singleReadings.filter((result) => result.confidence >= SURE))} / ` +
        rightAmong(outcome.singleReadings.filter((result) => result.confidence < SURE)),
      'most / few',
      '',
    ],
  ];
  if ('error' in burst) {
    rows.push([
      `peak memory, ${20} at once`,
      `failed: ${burst.error}`,
      `< ${BARS.peakMiB} MB`,
      'MISS',
    ]);
  } else {
    rows.push([
      `peak memory, ${burst.images} at once (${burst.workers} workers)`,
      `${burst.peakMiB} MiB (before: ${burst.baselineMiB}); ${burst.read} read, ` +
        `${burst.refused} refused, ${burst.failed} failed, ${burst.seconds} s`,
      `< ${BARS.peakMiB} MB`,
      pass(burst.peakMiB * 1.048576 < BARS.peakMiB && burst.failed === 0),
    ]);
  }
  return { header: ['measurement', 'value', 'bar', 'result'], rows };
}

/** The receipts read wrong (total or date), with what was expected and what was read. */
export function receiptFailuresTable(results: ReceiptResult[]): Table {
  return {
    header: [
      'file',
      'total expected',
      'total read',
      'confidence',
      'date expected',
      'date read',
      'OCR text',
    ],
    rows: results
      .filter((result) => !result.totalRight || !result.dateRight)
      .map((result) => [
        result.file,
        result.expectedTotal,
        `${result.total ?? 'none'}${result.totalRight ? '' : ' ✗'}`,
        result.confidence.toFixed(2),
        result.expectedDate,
        `${result.date ?? 'none'}${result.dateRight ? '' : ' ✗'}`,
        result.misread.join('; ').replaceAll('|', '/'),
      ]),
  };
}

function howMeasured(outcome: ReceiptsOutcome): string {
  return (
    `Command: \`${RECEIPTS_COMMAND}\` (also part of \`npm run bench\`). The ${outcome.results.length} ` +
    'receipts of `../shared/receipts` (SROIE 2019 scans, see its README), read one after the ' +
    'other by `createReceiptReader` with two workers (started first), as one ' +
    'upload is served (up to three readings of a receipt in other image treatments while the ' +
    'answer is unsure); a total is right within ±0.05 of `total_value`, a date when it equals ' +
    '`date_iso`. Then once more with one reading per receipt (`passes: 1`), whose confidences ' +
    'are more often low, to show what they predict. CPU seconds are user + system time of the process (worker threads included) ' +
    'during each reading, which other work on the machine changes far less than wall seconds ' +
    `(load average ${outcome.load[0]} when reading began, ${outcome.load[1]} when it ended). ` +
    'Memory: a fresh process reads 20 of the images at once through one reader (2 workers, ' +
    'a queue long enough for all 20), and its peak resident memory is `maxRSS`.'
  );
}

/** The Receipts section of `docs/BENCHMARKS.md`. */
export function receiptsSection(outcome: ReceiptsOutcome | { skipped: string }): string {
  const parts = ['## Receipts'];
  if ('skipped' in outcome) {
    parts.push(`Command: \`${RECEIPTS_COMMAND}\`. Skipped: ${outcome.skipped}`);
    return parts.join('\n\n');
  }
  parts.push(howMeasured(outcome), markdownTable(receiptsTable(outcome)));
  const failures = receiptFailuresTable(outcome.results);
  if (failures.rows.length > 0) {
    parts.push('### Read wrong', markdownTable(failures));
  }
  return parts.join('\n\n');
}

/** The same, for the terminal. */
export function receiptsText(outcome: ReceiptsOutcome): string {
  const failures = receiptFailuresTable(outcome.results);
  return [
    textTable(receiptsTable(outcome)),
    failures.rows.length > 0 ? `Read wrong:\n${textTable(failures)}` : 'Nothing read wrong.',
  ].join('\n\n');
}
