import type { Database, Transaction } from '@server/db/connection';
import { attachments, receipts } from '@server/db/schema';
import { wholeNumber } from '@server/env-values';
import { HttpError, say } from '@server/http/http-error';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * The files all events together keep at most (photos and PDFs of expenses and payments, receipt
 * photos): what one public instance gives away is bounded, beside each event's own quota. In
 * bytes as stored (cleaned, shrunk); 0: no cap beyond each event's.
 */
export const storedFilesEnvironment = {
  FILES_QUOTA_BYTES: wholeNumber(0, Number.MAX_SAFE_INTEGER, 0),
};

/** The bytes of every stored file of every event. */
export async function storedFileBytes(db: Database | Transaction): Promise<number> {
  let total = 0;
  for (const files of [attachments, receipts]) {
    // A sum of integers is a bigint, which the drivers answer as text.
    const [row] = await db
      .select({ bytes: sql<string>`coalesce(sum(${files.bytes}), 0)::text` })
      .from(files);
    total += Number(row?.bytes ?? 0);
  }
  return total;
}

/**
 * Refuses a file of `incomingBytes` (1 before it is read: any file at all) that would take the
 * server past FILES_QUOTA_BYTES: 422, on the field the file came in. Two uploads at the same
 * moment may each see room for themselves: the cap can be passed by at most those files.
 */
export async function checkServerRoom(
  app: FastifyInstance,
  field: 'file' | 'receipt',
  incomingBytes = 1,
): Promise<void> {
  const cap = app.config.FILES_QUOTA_BYTES;
  if (cap === 0) return;
  if ((await storedFileBytes(app.db)) + incomingBytes <= cap) return;
  throw new HttpError(422, say('files_server_full'), { [field]: [say('files_server_full_field')] });
}
