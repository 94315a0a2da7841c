import { ATTACHMENT_LIMITS } from '@quits/contract';
import { HttpError, say } from '@server/http/http-error';
import { runOffThread } from '@server/off-thread';
import { ConcurrencyGate } from '@server/receipts/concurrency-gate';
import type { FastifyBaseLogger } from 'fastify';

/** A 10 MB PDF re-saves in about a second; one taking far longer is given up. */
const CLEAN_TIMEOUT_MS = 30_000;

/**
 * PDFs cleaned at once in this process, and how many more may wait (each holding its upload, at
 * most 10 MB); one more is answered 503 (`GateFullError`), which the route words as busy.
 */
export const PDF_CLEANING = { atOnce: 2, waiting: 8 } as const;

/**
 * What one cleaning worker may hold: its JavaScript heap (the parsed objects of a PDF at the
 * object limit fit in it). What a PDF unpacks to lives outside the heap, bounded by
 * `ATTACHMENT_LIMITS.maxPdfUnpackedBytes`. A worker past its heap is ended, not the process.
 */
const WORKER_MEMORY = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 } as const;

/** Objects one PDF may hold (a 500-page report holds some tens of thousands). */
const MAX_OBJECTS = 300_000;

const cleaning = new ConcurrencyGate(PDF_CLEANING.atOnce, PDF_CLEANING.waiting);

type WorkerAnswer =
  | { outcome: 'cleaned'; pdf: Uint8Array; pages: number }
  | { outcome: 'protected' | 'unreadable' | 'pages' | 'unpacked' };

const MEGABYTE = 1024 * 1024;

function tooComplex(): HttpError {
  const megabytes = ATTACHMENT_LIMITS.maxPdfUnpackedBytes / MEGABYTE;
  return new HttpError(422, say('attachment_pdf_too_complex', { megabytes }));
}

/**
 * The PDF re-saved as a new document of its pages alone, off the main thread: without its
 * metadata (author, producer, dates, XMP), scripts, actions, forms and embedded files, which are
 * not in its bytes either. Throws a 422 for a PDF protected by a password (it cannot be cleaned,
 * nor shown by every viewer), for one of more than `ATTACHMENT_LIMITS.maxPdfPages` pages, for one
 * that unpacks to more than `maxPdfUnpackedBytes` (a decompression bomb, refused as soon as it
 * passes) and for one that cannot be read or has no page; `GateFullError` when too many wait.
 */
export async function cleanPdf(bytes: Buffer, log: FastifyBaseLogger): Promise<Buffer> {
  const input = {
    pdf: bytes,
    limits: {
      maxPages: ATTACHMENT_LIMITS.maxPdfPages,
      maxUnpackedBytes: ATTACHMENT_LIMITS.maxPdfUnpackedBytes,
      maxObjects: MAX_OBJECTS,
    },
  };
  const answer = await cleaning.run(async () => {
    try {
      return await runOffThread<WorkerAnswer>(
        new URL('./pdf-clean-worker.mjs', import.meta.url),
        input,
        { name: 'PDF cleaning', timeoutMs: CLEAN_TIMEOUT_MS, resourceLimits: WORKER_MEMORY },
      );
    } catch (error) {
      // The worker ran out of memory or time, or crashed: the file is refused, the reason kept.
      log.warn({ err: error, bytes: bytes.length }, 'a PDF could not be cleaned');
      const outOfMemory = (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      throw outOfMemory ? tooComplex() : new HttpError(422, say('attachment_pdf_unreadable'));
    }
  });
  switch (answer.outcome) {
    case 'cleaned':
      return Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength);
    case 'protected':
      throw new HttpError(422, say('attachment_pdf_protected'));
    case 'pages':
      throw new HttpError(422, say('attachment_pdf_pages', { max: ATTACHMENT_LIMITS.maxPdfPages }));
    case 'unpacked':
      throw tooComplex();
    default:
      throw new HttpError(422, say('attachment_pdf_unreadable'));
  }
}
