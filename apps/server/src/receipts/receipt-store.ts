import type { Database, Transaction } from '@server/db/connection';
import { events, receipts } from '@server/db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { CleanedImage } from './image-cleaning';
import type { AnalysisContent } from './receipt-analysis';
import { hasRoom, type ReceiptQuota, type ReceiptUsage, storedUsage } from './receipt-quota';

/** The currency of a live event, or null when there is no such event (or it was deleted). */
export async function liveEventCurrency(db: Database, eventId: string): Promise<string | null> {
  const [event] = await db
    .select({ currencyId: events.currencyId })
    .from(events)
    .where(and(eq(events.id, eventId), isNull(events.deletedAt)));
  return event?.currencyId ?? null;
}

/** The receipt photos an event keeps: how many, and their bytes. */
export function receiptUsage(db: Database | Transaction, eventId: string): Promise<ReceiptUsage> {
  return storedUsage(
    db,
    { table: receipts, eventId: receipts.eventId, bytes: receipts.bytes },
    eventId,
  );
}

/**
 * Stores a cleaned receipt photo with its analysis, within the event's quota. Answers `gone`
 * when the event was deleted meanwhile (the row would otherwise be kept for an event nobody
 * can open), `full` when the photo would pass the quota.
 */
export async function insertReceipt(
  db: Database,
  receipt: { id: string; eventId: string; image: CleanedImage; analysis: AnalysisContent },
  quota: ReceiptQuota,
): Promise<'stored' | 'gone' | 'full'> {
  const { id, eventId, image, analysis } = receipt;
  return db.transaction(async (tx) => {
    // Locked for update: two uploads to one event at once count one after the other, so
    // together they cannot pass the quota.
    const [event] = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, eventId), isNull(events.deletedAt)))
      .for('update');
    if (!event) return 'gone';
    if (!hasRoom(await receiptUsage(tx, eventId), quota, image.jpeg.length)) return 'full';
    await tx.insert(receipts).values({
      id,
      eventId,
      image: image.jpeg,
      contentType: 'image/jpeg',
      width: image.width,
      height: image.height,
      bytes: image.jpeg.length,
      analysis,
    });
    return 'stored';
  });
}

/** The stored image of a receipt of that event, or null; the event id is the key to it. */
export async function readReceiptImage(
  db: Database,
  eventId: string,
  receiptId: string,
): Promise<{ image: Buffer; contentType: string } | null> {
  const [row] = await db
    .select({ image: receipts.image, contentType: receipts.contentType })
    .from(receipts)
    .innerJoin(events, eq(events.id, receipts.eventId))
    .where(
      and(eq(receipts.id, receiptId), eq(receipts.eventId, eventId), isNull(events.deletedAt)),
    );
  return row ?? null;
}
