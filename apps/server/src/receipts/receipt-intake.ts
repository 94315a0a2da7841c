import { randomUUID } from 'node:crypto';
import { RECEIPT_LIMITS, type ReceiptAnalysis } from '@quits/contract';
import type { FastifyInstance } from 'fastify';
import { missingEvent } from '../events/event-gone';
import { HttpError } from '../http/http-error';
import { cleanReceiptImage } from './image-cleaning';
import { sniffImageType } from './image-type';
import { toAnalysisContent } from './receipt-analysis';
import { insertReceipt, liveEventCurrency } from './receipt-store';

const ACCEPTED = 'JPEG, PNG, WebP or HEIC';

/**
 * Takes a receipt photo of an event: checks what it is by its bytes, stores it cleaned, reads
 * it, and answers the analysis with the new receipt's id. Throws 404 for an unknown event, 415
 * for a file that is not an accepted image, 413 for too many pixels, 503 when reading is busy.
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

  const bytes = await upload();
  const type = sniffImageType(bytes);
  if (!type) {
    throw new HttpError(
      415,
      `This file is not a photo we can read; please send a ${ACCEPTED} image.`,
      {
        receipt: [`Accepted: ${RECEIPT_LIMITS.types.join(', ')}.`],
      },
    );
  }
  const image = await cleanReceiptImage(bytes, type);
  const { fields, source } = await app.receipts.read(image.jpeg);
  const content = toAnalysisContent(fields, source, {
    currencyOf: (id) => app.currencies.get(id),
    eventCurrency,
  });
  const id = randomUUID();
  if (!(await insertReceipt(app.db, { id, eventId, image, analysis: content }))) {
    throw await missingEvent(app.db, eventId);
  }
  return { receipt_id: id, ...content };
}
