import { z } from 'zod';
import { uuidSchema } from './primitives';
import { RECEIPT_LIMITS } from './receipt';

/** Limits of attachments (photos and PDF invoices of an expense or payment), shared with the app. */
export const ATTACHMENT_LIMITS = {
  /** Attachments one expense or payment carries at most. */
  perEntry: 10,
  /** Bytes of an uploaded file: a photo as the receipt reader takes it, a PDF invoice. */
  maxBytes: 10 * 1024 * 1024,
  /** Characters of a file's name as kept (the rest is cut). */
  maxName: 120,
  /** Pages of a PDF: an invoice or a contract, not a book (a longer one is refused before it is read through). */
  maxPdfPages: 500,
  /** Bytes a PDF's compressed parts may unpack to, all together: past it, it is a decompression bomb. */
  maxPdfUnpackedBytes: 100 * 1024 * 1024,
  /** What an attachment may be, recognised by its bytes: photos (stored as JPEG) and PDFs. */
  types: [...RECEIPT_LIMITS.types, 'application/pdf'] as const,
} as const;

/** What an attachment is stored as: a photo is re-encoded as JPEG, a PDF stays a PDF. */
export const ATTACHMENT_CONTENT_TYPES = ['image/jpeg', 'application/pdf'] as const;

/**
 * A stored attachment (GET /api/event/{id}/attachments/{attachment_id}), as an expense or a
 * payment lists it: what it is, its name as uploaded, and its stored size.
 */
export const attachmentSchema = z.object({
  id: uuidSchema,
  name: z.string().max(ATTACHMENT_LIMITS.maxName),
  content_type: z.enum(ATTACHMENT_CONTENT_TYPES),
  bytes: z.number().int().nonnegative(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/**
 * The attachments an expense or payment body lists, in order, as their upload answered them
 * (so that a device can show the entry before the server has it). Only the ids count: the
 * server lists what it stores under them. Leaving the field out of an update keeps the
 * attachments the entry has; an empty list removes them.
 */
export const attachmentListBodySchema = z
  .array(attachmentSchema)
  .max(ATTACHMENT_LIMITS.perEntry, `At most ${ATTACHMENT_LIMITS.perEntry} attachments.`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((attachment, index) => {
      if (seen.has(attachment.id)) {
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'Listed twice.' });
      }
      seen.add(attachment.id);
    });
  });
export type AttachmentListBody = z.infer<typeof attachmentListBodySchema>;

/** The ids of a list of attachments, in order: what a merge or a replay compares. */
export const attachmentIds = (list: readonly { id: string }[] | null | undefined): string[] =>
  (list ?? []).map((attachment) => attachment.id);
