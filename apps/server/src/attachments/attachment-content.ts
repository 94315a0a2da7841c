import { Readable } from 'node:stream';
import type { Database } from '@server/db/connection';
import { attachments, events } from '@server/db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';

/**
 * Bytes read from the database at once. The embedded database (PGlite) runs each query on the
 * main thread and answers a bytea as hex text: a 10 MB file in one query held every other
 * request for a second, sixteen downloads for half a minute. A 256 KB part takes milliseconds,
 * and other requests' queries take turns between the parts.
 */
export const CONTENT_PART_BYTES = 256 * 1024;

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
  const [row] = await db
    .select({
      // SQL counts from 1.
      part: sql`substring(${attachments.content} from ${offset + 1} for ${length})`.mapWith(
        attachments.content,
      ),
    })
    .from(attachments)
    .where(eq(attachments.id, file.id));
  // Swept away while it was being read: the answer stops short rather than lie about its end.
  if (!row) throw new Error('the attachment was deleted while it was read');
  return row.part;
}

async function* parts(db: Database, file: AttachmentFile): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < file.bytes; offset += CONTENT_PART_BYTES) {
    yield await readPart(db, file, offset, Math.min(CONTENT_PART_BYTES, file.bytes - offset));
  }
}

/** The file's bytes as a stream, read part by part as the client takes them. */
export function attachmentStream(db: Database, file: AttachmentFile): Readable {
  return Readable.from(parts(db, file), { objectMode: false });
}

/** The file's bytes whole (for a thumbnail), read part by part. */
export async function readAttachmentBytes(db: Database, file: AttachmentFile): Promise<Buffer> {
  const read: Buffer[] = [];
  for await (const part of parts(db, file)) read.push(part);
  return Buffer.concat(read);
}
