import { randomUUID } from 'node:crypto';
import { RECEIPT_LIMITS, type ReceiptAnalysis } from '@quits/contract';
import { checkServerRoom } from '@server/disk/stored-files-cap';
import { missingEvent } from '@server/events/event-gone';
import { HttpError, say } from '@server/http/http-error';
import type { FastifyInstance } from 'fastify';
import { cleanReceiptImage } from './image-cleaning';
import { sniffImageType } from './image-type';
import { toAnalysisContent } from './receipt-analysis';
import { hasRoom, quotaFull } from './receipt-quota';
import { insertReceipt, liveEventCurrency, receiptUsage } from './receipt-store';

/** The photo formats read, as a person knows them. */
const ACCEPTED_TYPES = 'JPEG, PNG, WebP, HEIC';

/**
 * Takes a receipt photo of an event: checks what it is by its bytes, stores it cleaned, reads
 * it, and answers the analysis with the new receipt's id. Throws 404 for an unknown event, 415
 * for a file that is not an accepted image, 413 for too many pixels, 422 when the event keeps
 * all the photos it may, 503 when reading is busy.
 */
export async function takeReceipt(
  app: FastifyInstance,
  eventId: string,
  upload: () => Promise<Buffer>,
): Promise<ReceiptAnalysis> {
  // Before the upload is read: an unknown event costs no decoding.
  const currencyId = await liveEventCurrency(app.db, eventId);
  const eventCurrency = currencyId === null ? undefined : app.currencies.get(currencyId);
  if (!eventCurrency) throw await missingEvent(app.db, eventId);
  const quota = { count: app.config.RECEIPT_QUOTA_COUNT, bytes: app.config.RECEIPT_QUOTA_BYTES };
  // Also before the upload is read: a full event costs no decoding and no reading. The photo's
  // own size is checked when it is stored.
  if (!hasRoom(await receiptUsage(app.db, eventId), quota)) throw quotaFull(quota);
  await checkServerRoom(app, 'receipt');

  const bytes = await upload();
  const type = sniffImageType(bytes);
  if (!type) {
    throw new HttpError(415, say('photo_not_image', { types: ACCEPTED_TYPES }), {
      receipt: [say('photo_types', { types: RECEIPT_LIMITS.types.join(', ') })],
    });
  }
  const image = await cleanReceiptImage(bytes, type);
  await checkServerRoom(app, 'receipt', image.jpeg.length);
  const { fields, source } = await app.receipts.read(image.jpeg);
  const content = toAnalysisContent(fields, source, {
    currencyOf: (id) => app.currencies.get(id),
    eventCurrency,
  });
  const id = randomUUID();
  const stored = await insertReceipt(app.db, { id, eventId, image, analysis: content }, quota);
  if (stored === 'gone') throw await missingEvent(app.db, eventId);
  if (stored === 'full') throw quotaFull(quota);
  return { receipt_id: id, ...content };
}
