import { sniffImageType } from '@server/receipts/image-type';

/** What an uploaded attachment is: one of the photo formats read, or a PDF. */
export type AttachmentFileType = NonNullable<ReturnType<typeof sniffImageType>> | 'application/pdf';

/** Every PDF begins with its header, `%PDF-` and the version. */
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');

/**
 * What an uploaded file is, from its first bytes, never from its name or the type the client
 * claims. Null for anything else (a text file, an archive, a program).
 */
export function sniffAttachmentType(bytes: Buffer): AttachmentFileType | null {
  if (bytes.subarray(0, PDF_HEADER.length).equals(PDF_HEADER)) return 'application/pdf';
  return sniffImageType(bytes);
}
