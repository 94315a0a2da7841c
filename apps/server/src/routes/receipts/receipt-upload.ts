import { RECEIPT_LIMITS } from '@quits/contract';
import { readUploadedFile, type UploadWords } from '@server/http/file-upload';
import type { FastifyRequest } from 'fastify';

/** The multipart field that carries the photo. */
export const RECEIPT_FIELD = 'receipt';

/** A receipt upload's problems speak of the photo. */
const PHOTO_WORDS: UploadWords = {
  notMultipart: 'photo_not_multipart',
  formUnreadable: 'photo_form_unreadable',
  missing: 'photo_missing',
  asFile: 'photo_as_file',
  empty: 'photo_empty',
  tooLarge: 'photo_too_large',
  oneAtATime: 'photo_one_at_a_time',
};

/** The bytes of the one photo of a receipt upload (see `readUploadedFile` for the refusals). */
export async function readReceiptUpload(request: FastifyRequest): Promise<Buffer> {
  const file = await readUploadedFile(request, {
    field: RECEIPT_FIELD,
    maxBytes: RECEIPT_LIMITS.maxBytes,
    words: PHOTO_WORDS,
  });
  return file.bytes;
}
