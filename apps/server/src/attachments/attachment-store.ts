import type { Database, Transaction } from '@server/db/connection';
import { type AttachmentRow, attachments, events } from '@server/db/schema';
import {
  hasRoom,
  type ReceiptQuota,
  type ReceiptUsage,
  storedUsage,
} from '@server/receipts/receipt-quota';
import { and, eq, inArray, isNull } from 'drizzle-orm';

/** The attachments an event keeps: how many, and their bytes. */
export function attachmentUsage(
  db: Database | Transaction,
  eventId: string,
): Promise<ReceiptUsage> {
  const files = { table: attachments, eventId: attachments.eventId, bytes: attachments.bytes };
  return storedUsage(db, files, eventId);
}

/** When a live (not deleted) event was closed (null: open); undefined when there is none. */
export async function liveEventClosedAt(
  db: Database,
  eventId: string,
): Promise<Date | null | undefined> {
  const [event] = await db
    .select({ closedAt: events.closedAt })
    .from(events)
    .where(and(eq(events.id, eventId), isNull(events.deletedAt)));
  return event?.closedAt;
}

/**
 * Stores a cleaned attachment within the event's quota. Answers `gone` when the event was
 * deleted meanwhile, `closed` when it was closed meanwhile, `full` when the file would pass
 * the quota.
 */
export async function insertAttachment(
  db: Database,
  attachment: AttachmentRow & { eventId: string; content: Buffer },
  quota: ReceiptQuota,
): Promise<'stored' | 'gone' | 'closed' | 'full'> {
  return db.transaction(async (tx) => {
    // Locked for update: two uploads to one event at once count one after the other, so
    // together they cannot pass the quota.
    const [event] = await tx
      .select({ closedAt: events.closedAt })
      .from(events)
      .where(and(eq(events.id, attachment.eventId), isNull(events.deletedAt)))
      .for('update');
    if (!event) return 'gone';
    if (event.closedAt) return 'closed';
    if (!hasRoom(await attachmentUsage(tx, attachment.eventId), quota, attachment.bytes)) {
      return 'full';
    }
    await tx.insert(attachments).values({
      id: attachment.id,
      eventId: attachment.eventId,
      content: attachment.content,
      contentType: attachment.content_type,
      name: attachment.name,
      bytes: attachment.bytes,
    });
    return 'stored';
  });
}

/** The event's attachments of those ids, as entries list them (the bytes are not read). */
export async function attachmentsOfEvent(
  db: Database | Transaction,
  eventId: string,
  ids: readonly string[],
): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: attachments.id,
      name: attachments.name,
      content_type: attachments.contentType,
      bytes: attachments.bytes,
    })
    .from(attachments)
    .where(and(eq(attachments.eventId, eventId), inArray(attachments.id, [...ids])));
  return rows;
}
