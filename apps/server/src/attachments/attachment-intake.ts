import { randomUUID } from 'node:crypto';
import type { Attachment } from '@quits/contract';
import { checkServerRoom } from '@server/disk/stored-files-cap';
import { eventClosed } from '@server/events/event-closed';
import { missingEvent } from '@server/events/event-gone';
import type { UploadedFile } from '@server/http/file-upload';
import { HttpError, say } from '@server/http/http-error';
import { cleanReceiptImage } from '@server/receipts/image-cleaning';
import { hasRoom, type ReceiptQuota } from '@server/receipts/receipt-quota';
import type { FastifyInstance } from 'fastify';
import { attachmentName, EXTENSION_OF } from './attachment-name';
import { attachmentUsage, insertAttachment, liveEventClosedAt } from './attachment-store';
import { sniffAttachmentType } from './attachment-type';
import { cleanPdf } from './pdf-cleaning';

const MEGABYTE = 1024 * 1024;

/** The refusal of an upload past the quota: a 422 on `attachments`, which the web app names. */
function quotaFull(quota: ReceiptQuota): HttpError {
  const params = { files: quota.count, megabytes: Math.floor(quota.bytes / MEGABYTE) };
  return new HttpError(422, say('attachment_quota', params), {
    attachments: [say('attachment_quota_field', params)],
  });
}

/**
 * Takes a file to attach to an expense or payment of the event: checks what it is by its bytes,
 * cleans it (a photo turned upright, shrunk and re-encoded without metadata; a PDF re-saved as
 * its pages alone, without metadata, scripts, actions, forms or embedded files), names it with
 * the extension of what it is, stores it within the event's quota, and answers
 * it as entries will list it. Throws 404/410 for an unknown or deleted event, 409 for a closed
 * one (read-only), 415 for a file
 * that is neither a photo nor a PDF, 413 for a photo of too many pixels, 422 for a damaged or
 * password-protected file, a PDF past its limits (pages, unpacked size) and when the event keeps
 * all the attachments it may; `GateFullError` (503) when too many PDFs wait to be cleaned.
 */
export async function takeAttachment(
  app: FastifyInstance,
  eventId: string,
  upload: () => Promise<UploadedFile>,
): Promise<Attachment> {
  const closedAt = await liveEventClosedAt(app.db, eventId);
  if (closedAt === undefined) throw await missingEvent(app.db, eventId);
  // A closed event is read-only: no entry of it could list the file.
  if (closedAt) throw eventClosed(closedAt);
  const quota = {
    count: app.config.ATTACHMENT_QUOTA_COUNT,
    bytes: app.config.ATTACHMENT_QUOTA_BYTES,
  };
  // Before the upload is cleaned: a full event costs no decoding.
  if (!hasRoom(await attachmentUsage(app.db, eventId), quota)) throw quotaFull(quota);
  await checkServerRoom(app, 'file');

  const file = await upload();
  const type = sniffAttachmentType(file.bytes);
  if (!type) {
    throw new HttpError(415, say('attachment_not_supported', { photos: 'JPEG, PNG, WebP, HEIC' }), {
      file: [say('attachment_types')],
    });
  }
  const pdf = type === 'application/pdf';
  const content = pdf
    ? await cleanPdf(file.bytes, app.log)
    : (await cleanReceiptImage(file.bytes, type)).jpeg;
  const attachment: Attachment = {
    id: randomUUID(),
    // A file's name ends in what it is, whatever it came as: a photo is kept as JPEG, and a PDF
    // named `invoice.html` or `setup.exe` is saved as a PDF, never opened as a page or a program.
    name: pdf
      ? attachmentName(file.filename, {
          fallback: 'document.pdf',
          extension: EXTENSION_OF['application/pdf'],
        })
      : attachmentName(file.filename, {
          fallback: 'photo.jpg',
          extension: EXTENSION_OF['image/jpeg'],
        }),
    content_type: pdf ? 'application/pdf' : 'image/jpeg',
    bytes: content.length,
  };
  await checkServerRoom(app, 'file', content.length);
  const stored = await insertAttachment(app.db, { ...attachment, eventId, content }, quota);
  if (stored === 'gone') throw await missingEvent(app.db, eventId);
  if (stored === 'closed') throw eventClosed(new Date());
  if (stored === 'full') throw quotaFull(quota);
  return attachment;
}
