import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createReceiptReader, type ReceiptReading } from '@server/receipts/reading';
import { loadAverage } from './machine';
import type { BurstResult, BurstSpec } from './receipts-burst';

/** The receipts folder: `RECEIPTS_DIR`, else `../shared/receipts` beside the repository. */
export function receiptsDir(): string {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  return process.env.RECEIPTS_DIR || join(root, '..', 'shared', 'receipts');
}

/** One receipt's labels in `truth.json` (see the folder's README). */
interface Truth {
  total: string;
  total_value: number;
  date_iso: string;
}

export interface ReceiptResult {
  file: string;
  expectedTotal: string;
  total: string | null;
  totalRight: boolean;
  expectedDate: string;
  date: string | null;
  dateRight: boolean;
  confidence: number;
  seconds: number;
  cpuSeconds: number;
  /** The OCR text's lines that gave a wrong total or date, to see what was misread. */
  misread: string[];
}

export interface ReceiptsOutcome {
  dir: string;
  /** The reader as the server runs it (up to three readings of a receipt while unsure). */
  results: ReceiptResult[];
  /** One reading per receipt: the confidence of a single reading, for its calibration. */
  singleReadings: ReceiptResult[];
  burst: (BurstResult & BurstSpecSummary) | { error: string };
  /** The 1-minute load average when reading began and ended. */
  load: [number, number];
}

interface BurstSpecSummary {
  images: number;
  workers: number;
  maxQueue: number;
}

/** SROIE labels some totals before cash rounding and some after: within 5 cents is right. */
const TOLERANCE = 0.05;
/** The images read at once in the memory measurement. */
const BURST = 20;
const BURST_WORKERS = 2;

const burstPath = fileURLToPath(new URL('./receipts-burst.ts', import.meta.url));
const tsxLoader = import.meta.resolve('tsx');

function runBurstProcess(spec: BurstSpec): Promise<BurstResult> {
  return new Promise((resolve, reject) => {
    const child = fork(burstPath, [], { execArgv: ['--import', tsxLoader], stdio: 'inherit' });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the burst did not finish within 10 minutes'));
    }, 10 * 60_000);
    child.once(
      'message',
      (answer: { ok: true; result: BurstResult } | { ok: false; error: string }) => {
        clearTimeout(timer);
        if (answer.ok) resolve(answer.result);
        else reject(new Error(answer.error));
      },
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the burst process exited with ${code} before answering`));
    });
    child.send(spec);
  });
}

/** The lines of the text a wrong total or date came from (or that the date was not found). */
function misreadLines(reading: ReceiptReading, expected: Truth, totalRight: boolean): string[] {
  const lines = reading.text.split('\n');
  const lineWith = (value: string) => lines.find((line) => line.includes(value))?.trim();
  const found: string[] = [];
  if (!totalRight) found.push(`total: ${lineWith(reading.total ?? '\u0000') ?? 'no amount read'}`);
  if (reading.date !== expected.date_iso) {
    const [, month, day] = (reading.date ?? '').split('-');
    const shown = reading.date && (lineWith(`${day}/${month}`) ?? lineWith(`${day}-${month}`));
    found.push(`date: ${shown ?? (reading.date ? `read ${reading.date}` : 'none read')}`);
  }
  return found;
}

/** Reads the receipts one after the other with a reader of `passes` readings at most. */
async function readAll(
  dir: string,
  truth: Record<string, Truth>,
  files: string[],
  passes: number,
  progress: (line: string) => void,
): Promise<ReceiptResult[]> {
  // Two workers, as the server runs: one receipt at a time borrows the idle one for its second band.
  const reader = createReceiptReader({ workers: 2, passes });
  await reader.warmUp();
  const results: ReceiptResult[] = [];
  try {
    for (const file of files) {
      const image = await readFile(join(dir, file));
      const expected = truth[file] as Truth;
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const reading = await reader.read(image);
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const totalRight =
        reading.total !== null &&
        Math.abs(Number(reading.total) - expected.total_value) <= TOLERANCE + 1e-9;
      results.push({
        file,
        expectedTotal: expected.total,
        total: reading.total,
        totalRight,
        expectedDate: expected.date_iso,
        date: reading.date,
        dateRight: reading.date === expected.date_iso,
        confidence: reading.confidence,
        seconds,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        misread: misreadLines(reading, expected, totalRight),
      });
      progress(
        `receipts (${passes === 1 ? 'one reading' : 'reader'}): ${file} ` +
          `${totalRight ? 'total ok' : 'TOTAL WRONG'} (${reading.total ?? 'none'}, ` +
          `confidence ${reading.confidence}) ${seconds.toFixed(2)} s`,
      );
    }
  } finally {
    await reader.close();
  }
  return results;
}

/**
 * Reads every receipt of the folder one after the other (as one person uploading would be
 * served) and scores total and date against `truth.json`; then again with one reading per
 * receipt, whose confidences (more of them unsure) show whether confidence predicts a right
 * total; then, in a fresh process, reads 20 at once to measure peak memory. Wall seconds
 * depend on what else the machine runs; CPU seconds (user + system of the whole process,
 * worker threads included) much less.
 */
export async function runReceiptsBench(
  progress: (line: string) => void,
): Promise<ReceiptsOutcome | { skipped: string }> {
  const dir = receiptsDir();
  if (!existsSync(join(dir, 'truth.json'))) return { skipped: `no truth.json in ${dir}` };
  const truth: Record<string, Truth> = JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8'));
  const files = (await readdir(dir)).filter((file) => file in truth).sort();
  const loadAtStart = loadAverage();
  const results = await readAll(dir, truth, files, 3, progress);
  const loadAfterReading = loadAverage();
  const singleReadings = await readAll(dir, truth, files, 1, progress);

  progress(`receipts: reading ${BURST} at once in a fresh process to measure memory`);
  const spec: BurstSpec = {
    dir,
    files: files.slice(0, BURST),
    workers: BURST_WORKERS,
    // Room for the whole burst, so that every image is read and the figure is the worst case.
    maxQueue: BURST,
  };
  let burst: ReceiptsOutcome['burst'];
  try {
    burst = {
      ...(await runBurstProcess(spec)),
      images: spec.files.length,
      workers: spec.workers,
      maxQueue: spec.maxQueue,
    };
  } catch (error) {
    burst = { error: error instanceof Error ? error.message : String(error) };
  }
  return { dir, results, singleReadings, burst, load: [loadAtStart, loadAfterReading] };
}
