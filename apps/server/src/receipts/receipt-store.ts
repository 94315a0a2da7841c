import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { events, receipts } from '../db/schema';
import type { CleanedImage } from './image-cleaning';
import type { AnalysisContent } from './receipt-analysis';

/** The currency of a live event, or null when there is no such event (or it was deleted). */
export async function liveEventCurrency(db: Database, eventId: string): Promise<string | null> {
  const [event] = await db
    .select({ currencyId: events.currencyId })
    .from(events)
    .where(and(eq(events.id, eventId), isNull(events.deletedAt)));
  return event?.currencyId ?? null;
}

/**
 * Stores a cleaned receipt photo with its analysis. Answers false when the event was deleted
 * meanwhile (the row would otherwise be kept for an event nobody can open).
 */
export async function insertReceipt(
  db: Database,
  receipt: { id: string; eventId: string; image: CleanedImage; analysis: AnalysisContent },
): Promise<boolean> {
  const { id, eventId, image, analysis } = receipt;
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, eventId), isNull(events.deletedAt)))
      .for('share');
    if (!event) return false;
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
    return true;
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
