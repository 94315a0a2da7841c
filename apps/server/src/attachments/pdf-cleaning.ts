import { HttpError, say } from '@server/http/http-error';
import { runOffThread } from '@server/off-thread';
import { ConcurrencyGate } from '@server/receipts/concurrency-gate';
import type { FastifyBaseLogger } from 'fastify';

/** A 10 MB PDF re-saves in about a second; one taking far longer is given up. */
const CLEAN_TIMEOUT_MS = 30_000;

/** PDFs re-saved at once in this process: each holds its parsed objects, a few times its size. */
const cleaning = new ConcurrencyGate(2);

type WorkerAnswer =
  | { outcome: 'cleaned'; pdf: Uint8Array; pages: number }
  | { outcome: 'protected' | 'unreadable' };

/**
 * The PDF re-saved without its metadata (author, producer, dates, XMP), scripts, actions and
 * embedded files, off the main thread. Throws a 422 for a PDF protected by a password (it cannot
 * be cleaned, nor shown by every viewer) and for one that cannot be read or has no page.
 */
export async function cleanPdf(bytes: Buffer, log: FastifyBaseLogger): Promise<Buffer> {
  let answer: WorkerAnswer;
  try {
    answer = await cleaning.run(() =>
      runOffThread<WorkerAnswer>(new URL('./pdf-clean-worker.mjs', import.meta.url), bytes, {
        name: 'PDF cleaning',
        timeoutMs: CLEAN_TIMEOUT_MS,
      }),
    );
  } catch (error) {
    // The worker crashed or ran out of time: the file is refused, and the reason kept.
    log.warn({ err: error, bytes: bytes.length }, 'a PDF could not be cleaned');
    throw new HttpError(422, say('attachment_pdf_unreadable'));
  }
  if (answer.outcome === 'protected') throw new HttpError(422, say('attachment_pdf_protected'));
  if (answer.outcome !== 'cleaned') throw new HttpError(422, say('attachment_pdf_unreadable'));
  return Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength);
}
