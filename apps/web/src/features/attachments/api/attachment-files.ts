import { type Attachment, attachmentSchema } from '@quits/contract';
import { apiUrl } from '@web/lib/base-path';
import { type UploadOptions, uploadFile } from '@web/lib/file-upload';

/**
 * GET /api/event/{id}/attachments/{attachment_id}: the stored file. The event link is what
 * grants it, so a plain address works without the API's headers. `download` saves it; `thumb`
 * is a photo's small square, for lists.
 */
export function attachmentUrl(
  eventId: string,
  attachmentId: string,
  variant: 'file' | 'download' | 'thumb' = 'file',
): string {
  const path = apiUrl(
    `/event/${encodeURIComponent(eventId)}/attachments/${encodeURIComponent(attachmentId)}`,
  );
  if (variant === 'download') return `${path}?download=1`;
  return variant === 'thumb' ? `${path}?size=thumb` : path;
}

/** POST /api/event/{id}/attachments, multipart field `file`: stored, and answered as listed. */
export function uploadAttachment(
  eventId: string,
  file: File,
  options: UploadOptions,
): Promise<Attachment> {
  return uploadFile(
    apiUrl(`/event/${encodeURIComponent(eventId)}/attachments`),
    { field: 'file', file, filename: file.name, schema: attachmentSchema },
    options,
  );
}
