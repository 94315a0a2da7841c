import type { Database } from '@server/db/connection';
import { attachments, events } from '@server/db/schema';
import { ConcurrencyGate } from '@server/receipts/concurrency-gate';
import { and, eq, isNull, sql } from 'drizzle-orm';

/**
 * Bytes read from the database at once. The embedded database (PGlite) runs each query on the
 * main thread, one at a time: a 10 MB file in one query held every other request for seconds,
 * sixteen downloads for half a minute. A 256 KB part takes a few milliseconds, and other
 * requests' queries take turns between the parts.
 */
export const CONTENT_PART_BYTES = 256 * 1024;

/**
 * Parts read at once in this process, whatever the number of downloads. PGlite answers its
 * queries in turn: sixteen downloads each waiting for a part put every other request behind
 * sixteen parts; through this gate, behind two at most.
 */
const partReads = new ConcurrencyGate(2);

/** What an attachment is, without its bytes. */
export interface AttachmentFile {
  id: string;
  contentType: string;
  name: string;
  bytes: number;
}

/** The attachment of that event (the event id is the key to it), or null; bytes not read. */
export async function findAttachment(
  db: Database,
  eventId: string,
  attachmentId: string,
): Promise<AttachmentFile | null> {
  const [row] = await db
    .select({
      id: attachments.id,
      contentType: attachments.contentType,
      name: attachments.name,
      bytes: attachments.bytes,
    })
    .from(attachments)
    .innerJoin(events, eq(events.id, attachments.eventId))
    .where(
      and(
        eq(attachments.id, attachmentId),
        eq(attachments.eventId, eventId),
        isNull(events.deletedAt),
      ),
    );
  return row ?? null;
}

/** `length` bytes of the file from `offset` (0 is the first). */
async function readPart(
  db: Database,
  file: AttachmentFile,
  offset: number,
  length: number,
): Promise<Buffer> {
  const [row] = await partReads.run(() =>
    db
      .select({
        // SQL counts from 1. As base64: PGlite decodes a bytea's hex text in JavaScript, about
        // 170 ms a megabyte on the main thread, where Node decodes base64 natively in 1.5 ms.
        part: sql<string>`encode(substring(${attachments.content} from ${offset + 1} for ${length}), 'base64')`,
      })
      .from(attachments)
      .where(eq(attachments.id, file.id)),
  );
  // Swept away while it was being read: the answer stops short rather than lie about its end.
  if (!row) throw new Error('the attachment was deleted while it was read');
  return Buffer.from(row.part, 'base64');
}

async function* parts(db: Database, file: AttachmentFile): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < file.bytes; offset += CONTENT_PART_BYTES) {
    yield await readPart(db, file, offset, Math.min(CONTENT_PART_BYTES, file.bytes - offset));
  }
}

/** The file's bytes, read part by part. */
export async function readAttachmentBytes(db: Database, file: AttachmentFile): Promise<Buffer> {
  const read: Buffer[] = [];
  for await (const part of parts(db, file)) read.push(part);
  return Buffer.concat(read);
}
