/**
 * A child process that reads a burst of receipts at once through one reader and reports its
 * peak memory: a fresh process, so that the figure is the reader's and not the bench's.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cleanReceiptImage } from '@server/receipts/image-cleaning';
import { createReceiptReader, OcrQueueFullError } from '@server/receipts/reading';

export interface BurstSpec {
  dir: string;
  files: string[];
  workers: number;
  maxQueue: number;
  /** Decode and store each image first as the server does (a 12-MP photo shrunk to 2400 px). */
  clean?: boolean;
}

export interface BurstResult {
  /** Resident memory before the burst (the reader created, its workers not yet started). */
  baselineMiB: number;
  /** Highest resident memory of the process, worker threads included (`maxRSS`). */
  peakMiB: number;
  read: number;
  /** Refused at once because the queue was full (the API answers these 503). */
  refused: number;
  failed: number;
  seconds: number;
}

const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function runBurst(spec: BurstSpec): Promise<BurstResult> {
  const images = await Promise.all(spec.files.map((file) => readFile(join(spec.dir, file))));
  const reader = createReceiptReader({ workers: spec.workers, maxQueue: spec.maxQueue });
  const baselineMiB = mib(process.memoryUsage().rss);
  const started = performance.now();
  const outcomes = await Promise.allSettled(
    images.map(async (image) =>
      reader.read(spec.clean ? (await cleanReceiptImage(image, 'image/jpeg')).jpeg : image),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  await reader.close();
  const refused = outcomes.filter(
    (outcome) => outcome.status === 'rejected' && outcome.reason instanceof OcrQueueFullError,
  ).length;
  const read = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
  return {
    baselineMiB,
    // maxRSS is in kibibytes.
    peakMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    read,
    refused,
    failed: outcomes.length - read - refused,
    seconds: Math.round(seconds * 10) / 10,
  };
}

process.once('message', (spec: BurstSpec) => {
  runBurst(spec).then(
    (result) => process.send?.({ ok: true, result }, () => process.exit(0)),
    (error: unknown) =>
      process.send?.(
        { ok: false, error: error instanceof Error ? error.message : String(error) },
        () => process.exit(1),
      ),
  );
});
