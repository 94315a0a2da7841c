import { type Attachment, attachmentSchema } from '@quits/contract';
import { type UploadOptions, uploadFile } from '@web/lib/file-upload';

/**
 * GET /api/event/{id}/attachments/{attachment_id}: the stored file. The event link is what
 * grants it, so a plain address works without the API's headers; `download` saves it.
 */
export function attachmentUrl(eventId: string, attachmentId: string, download = false): string {
  const path = `/api/event/${encodeURIComponent(eventId)}/attachments/${encodeURIComponent(attachmentId)}`;
  return download ? `${path}?download=1` : path;
}

/** POST /api/event/{id}/attachments, multipart field `file`: stored, and answered as listed. */
export function uploadAttachment(
  eventId: string,
  file: File,
  options: UploadOptions,
): Promise<Attachment> {
  return uploadFile(
    `/api/event/${encodeURIComponent(eventId)}/attachments`,
    { field: 'file', file, filename: file.name, schema: attachmentSchema },
    options,
  );
}
