import { apiUrl } from '@web/lib/base-path';

/**
 * GET /api/event/{id}/receipts/{receipt_id}: the stored photo of a receipt, as JPEG. The event
 * link is what grants it, so a plain image address works without the API's headers.
 */
export function receiptImageUrl(eventId: string, receiptId: string): string {
  return apiUrl(`/event/${encodeURIComponent(eventId)}/receipts/${encodeURIComponent(receiptId)}`);
}
