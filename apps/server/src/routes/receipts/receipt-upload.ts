import { RECEIPT_LIMITS } from '@quits/contract';
import { HttpError, say } from '@server/http/http-error';
import type { FastifyRequest } from 'fastify';

/** The multipart field that carries the photo. */
export const RECEIPT_FIELD = 'receipt';

const MEGABYTES = RECEIPT_LIMITS.maxBytes / (1024 * 1024);

const tooLarge = () => new HttpError(413, say('photo_too_large', { megabytes: MEGABYTES }));

const badForm = () => new HttpError(400, say('photo_form_unreadable', { field: RECEIPT_FIELD }));

/**
 * The bytes of the one file of a receipt upload. Every way an upload can be wrong is a 4xx
 * with a message: not multipart (415), cut off or malformed (400), no file or another field
 * (422), empty (422), over `RECEIPT_LIMITS.maxBytes` or more than one file (413).
 */
export async function readReceiptUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new HttpError(415, say('photo_not_multipart', { field: RECEIPT_FIELD }));
  }
  let bytes: Buffer | null = null;
  try {
    // Every part is read, so that a second file hits the parser's one-file limit.
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== RECEIPT_FIELD) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    throw asUploadError(error);
  }
  if (bytes === null) throw missingFile();
  if (bytes.length === 0) {
    throw new HttpError(422, say('photo_empty'), {
      [RECEIPT_FIELD]: [say('file_empty')],
    });
  }
  return bytes;
}

function missingFile(): HttpError {
  return new HttpError(422, say('photo_missing'), {
    [RECEIPT_FIELD]: [say('photo_as_file', { field: RECEIPT_FIELD })],
  });
}

/** The parser's own failures, as answers a person can act on. */
function asUploadError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, say('photo_one_at_a_time'));
  }
  return badForm();
}
