import type { Transaction } from '@server/db/connection';
import { receipts } from '@server/db/schema';
import { say, unprocessable } from '@server/http/http-error';
import { and, eq } from 'drizzle-orm';

/** Throws a 422 on `receipt_id` unless the receipt exists and belongs to the event. */
export async function assertReceiptInEvent(
  tx: Transaction,
  eventId: string,
  receiptId: string,
): Promise<void> {
  const [found] = await tx
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.id, receiptId), eq(receipts.eventId, eventId)));
  if (!found) {
    throw unprocessable({
      receipt_id: [say('receipt_not_in_event')],
    });
  }
}
