import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanReceiptImage } from '@server/receipts/image-cleaning';
import { createReceiptReader, type ReceiptReading } from '@server/receipts/reading';
import { decideCurrency } from '@server/receipts/reading/currency-finder';
import { loadAverage } from './machine';
import { drawReceipt, photographReceipt, renderDrawnReceipt } from './receipt-photos';
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
  currency: string;
  merchant: string;
}

/** One image to read and what it says; `eventCurrency` is the event it is read in. */
interface Case {
  file: string;
  path: string;
  expected: Truth;
  eventCurrency: string;
  /** A photo goes through the server's storing step (decoded, shrunk to 2400 px) first. */
  photo: boolean;
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
  expectedCurrency: string;
  currency: string;
  currencyRight: boolean;
  currencyConfidence: number;
  expectedMerchant: string;
  merchant: string | null;
  merchantRight: boolean;
  /** Whether the paper's outline was found (photos). */
  outlined: boolean;
  seconds: number;
  cpuSeconds: number;
  /** The OCR text's lines that gave a wrong total or date, to see what was misread. */
  misread: string[];
}

export interface ReceiptsOutcome {
  dir: string;
  /** The reader as the server runs it (up to three readings of a receipt while unsure). */
  results: ReceiptResult[];
  /** Phone-like photos of the same scans (see receipt-photos.ts), as the server reads them. */
  photos: ReceiptResult[];
  /** Phone-like photos of receipts drawn by the bench, in several currencies and ways up. */
  drawn: ReceiptResult[];
  photoBurst: (BurstResult & BurstSpecSummary) | { error: string };
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
/** Receipts drawn by the bench and photographed (two in each currency style). */
const DRAWN = 20;

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

/** The first ten letters and digits of a name, in lower case: how merchants are compared. */
export function merchantKey(name: string | null): string {
  return (name ?? '')
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase()
    .slice(0, 10);
}

/** Reads the cases one after the other with a reader of `passes` readings at most. */
async function readAll(
  cases: Case[],
  passes: number,
  label: string,
  progress: (line: string) => void,
): Promise<ReceiptResult[]> {
  // Two workers, as the server runs: one receipt at a time borrows the idle one for its second band.
  const reader = createReceiptReader({ workers: 2, passes });
  await reader.warmUp();
  const results: ReceiptResult[] = [];
  try {
    for (const item of cases) {
      const image = await readFile(item.path);
      const expected = item.expected;
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const stored = item.photo ? (await cleanReceiptImage(image, 'image/jpeg')).jpeg : image;
      const reading = await reader.read(stored);
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const totalRight =
        reading.total !== null &&
        Math.abs(Number(reading.total) - expected.total_value) <= TOLERANCE + 1e-9;
      const currency = decideCurrency(reading.text, item.eventCurrency);
      const merchantRight =
        merchantKey(expected.merchant) !== '' &&
        merchantKey(reading.merchant) === merchantKey(expected.merchant);
      results.push({
        file: item.file,
        expectedTotal: expected.total,
        total: reading.total,
        totalRight,
        expectedDate: expected.date_iso,
        date: reading.date,
        dateRight: reading.date === expected.date_iso,
        confidence: reading.confidence,
        expectedCurrency: expected.currency,
        currency: currency.currency_id,
        currencyRight: currency.currency_id === expected.currency,
        currencyConfidence: currency.confidence,
        expectedMerchant: expected.merchant,
        merchant: reading.merchant,
        merchantRight,
        outlined: Boolean(reading.outline),
        seconds,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        misread: misreadLines(reading, expected, totalRight),
      });
      progress(
        `receipts (${label}): ${item.file} ` +
          `${totalRight ? 'total ok' : 'TOTAL WRONG'} (${reading.total ?? 'none'}, ` +
          `confidence ${reading.confidence}) ${currency.currency_id}${currency.currency_id === expected.currency ? '' : ' CURRENCY WRONG'} ` +
          `${seconds.toFixed(2)} s`,
      );
    }
  } finally {
    await reader.close();
  }
  return results;
}

/** Photos of the scans (one seed each) and of drawn receipts, written to `dir`. */
async function makePhotos(
  scansDir: string,
  truth: Record<string, Truth>,
  files: string[],
  dir: string,
  progress: (line: string) => void,
): Promise<{ photos: Case[]; drawn: Case[] }> {
  const photos: Case[] = [];
  for (const [index, file] of files.entries()) {
    const photo = await photographReceipt(await readFile(join(scansDir, file)), 1000 + index);
    const path = join(dir, `photo-${file}`);
    await writeFile(path, photo.jpeg);
    photos.push({ file, path, expected: truth[file] as Truth, eventCurrency: 'MYR', photo: true });
  }
  progress(`receipts: ${photos.length} photos of the scans made in ${dir}`);
  const drawn: Case[] = [];
  for (let index = 0; index < DRAWN; index += 1) {
    const receipt = drawReceipt(index, 5000 + index);
    // Every fifth drawn receipt is photographed upside down.
    const photo = await photographReceipt(await renderDrawnReceipt(receipt), 7000 + index, {
      upsideDown: index % 5 === 4,
    });
    const path = join(dir, `${receipt.name}.jpg`);
    await writeFile(path, photo.jpeg);
    drawn.push({
      file: `${receipt.name}${index % 5 === 4 ? ' (upside down)' : ''}`,
      path,
      expected: {
        total: receipt.total.toString(),
        total_value: receipt.total,
        date_iso: receipt.date,
        currency: receipt.currency,
        merchant: receipt.merchant,
      },
      eventCurrency: receipt.eventCurrency,
      photo: true,
    });
  }
  progress(`receipts: ${drawn.length} photos of drawn receipts made`);
  return { photos, drawn };
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
  const scans: Case[] = files.map((file) => ({
    file,
    path: join(dir, file),
    expected: truth[file] as Truth,
    eventCurrency: 'MYR',
    photo: false,
  }));
  const photoDir = await mkdtemp(join(tmpdir(), 'quits-receipt-photos-'));
  try {
    const loadAtStart = loadAverage();
    const results = await readAll(scans, 3, 'scan', progress);
    const loadAfterReading = loadAverage();
    const singleReadings = await readAll(scans, 1, 'scan, one reading', progress);
    const { photos: photoCases, drawn: drawnCases } = await makePhotos(
      dir,
      truth,
      files,
      photoDir,
      progress,
    );
    const photos = await readAll(photoCases, 3, 'photo', progress);
    const drawn = await readAll(drawnCases, 3, 'drawn photo', progress);

    progress(`receipts: reading ${BURST} at once in a fresh process to measure memory`);
    const burst = await measureBurst({
      dir,
      files: files.slice(0, BURST),
      workers: BURST_WORKERS,
      // Room for the whole burst, so that every image is read and the figure is the worst case.
      maxQueue: BURST,
    });
    progress(`receipts: reading ${BURST} photos (12 MP) at once in a fresh process`);
    const photoBurst = await measureBurst({
      dir: photoDir,
      files: photoCases.slice(0, BURST).map((item) => `photo-${item.file}`),
      workers: BURST_WORKERS,
      maxQueue: BURST,
      clean: true,
    });
    return {
      dir,
      results,
      singleReadings,
      photos,
      drawn,
      burst,
      photoBurst,
      load: [loadAtStart, loadAfterReading],
    };
  } finally {
    await rm(photoDir, { recursive: true, force: true });
  }
}

async function measureBurst(spec: BurstSpec): Promise<ReceiptsOutcome['burst']> {
  try {
    return {
      ...(await runBurstProcess(spec)),
      images: spec.files.length,
      workers: spec.workers,
      maxQueue: spec.maxQueue,
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
