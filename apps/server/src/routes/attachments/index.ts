import multipart from '@fastify/multipart';
import {
  ATTACHMENT_LIMITS,
  attachmentSchema,
  dataEnvelope,
  errorBodySchema,
  eventGoneSchema,
  eventIdSchema,
  uuidSchema,
} from '@quits/contract';
import { takeAttachment } from '@server/attachments/attachment-intake';
import { servedName } from '@server/attachments/attachment-name';
import { readAttachmentContent } from '@server/attachments/attachment-store';
import { photoThumbnail } from '@server/attachments/photo-thumbnail';
import { missingEvent } from '@server/events/event-gone';
import { contentDisposition } from '@server/http/content-disposition';
import { oneFileLimits, readUploadedFile, type UploadWords } from '@server/http/file-upload';
import { notFound } from '@server/http/http-error';
import { GateFullError } from '@server/receipts/concurrency-gate';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, sendBusy } from '../responses';

/** The multipart field that carries the file. */
export const ATTACHMENT_FIELD = 'file';

/** An attachment upload's problems speak of a file. */
const FILE_WORDS: UploadWords = {
  notMultipart: 'file_not_multipart',
  formUnreadable: 'file_form_unreadable',
  missing: 'file_missing',
  asFile: 'file_as_file',
  empty: 'file_empty',
  tooLarge: 'file_too_large',
  oneAtATime: 'file_one_at_a_time',
};

/** A stored attachment never changes under its id: browsers may keep it (privately) for a year. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** Attachments of expenses and payments: upload one (kept for an entry), and fetch its file. */
export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in this plugin only: its limits are the attachments'.
  await app.register(multipart, { limits: oneFileLimits(ATTACHMENT_LIMITS.maxBytes) });

  app.post(
    '/event/:event_id/attachments',
    {
      schema: {
        tags: ['attachments'],
        summary: 'Upload a photo or a PDF to attach to an expense or payment',
        description: `multipart/form-data with the file in the field \`${ATTACHMENT_FIELD}\`: a photo (JPEG, PNG, WebP, HEIC; kept as JPEG without its metadata) or a PDF (kept as its pages alone, without its metadata, scripts, actions, forms and embedded files; at most ${ATTACHMENT_LIMITS.maxPdfPages} pages, unpacking to at most ${ATTACHMENT_LIMITS.maxPdfUnpackedBytes} bytes), recognised by content, at most ${ATTACHMENT_LIMITS.maxBytes} bytes. Its name ends in \`.jpg\` or \`.pdf\`, whatever it was sent as. 503 with Retry-After when too many PDFs wait to be cleaned. List its id in an expense's or payment's \`attachments\`; a file no entry lists is deleted after a day.`,
        consumes: ['multipart/form-data'],
        params: z.object({ event_id: eventIdSchema }),
        response: {
          201: dataEnvelope(attachmentSchema),
          ...errorResponses,
          413: errorBodySchema,
          415: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const attachment = await takeAttachment(app, request.params.event_id, () =>
          readUploadedFile(request, {
            field: ATTACHMENT_FIELD,
            maxBytes: ATTACHMENT_LIMITS.maxBytes,
            words: FILE_WORDS,
          }),
        );
        return reply.status(201).send({ data: attachment });
      } catch (error) {
        if (!(error instanceof GateFullError)) throw error;
        request.log.warn('PDF cleaning busy');
        return sendBusy(reply, 'busy_attachments');
      }
    },
  );

  app.get(
    '/event/:event_id/attachments/:attachment_id',
    {
      schema: {
        tags: ['attachments'],
        summary: 'The stored file of an attachment (image/jpeg or application/pdf)',
        params: z.object({ event_id: eventIdSchema, attachment_id: uuidSchema }),
        description:
          '`?download=1` saves it rather than showing it; `?size=thumb` answers a photo as a 160 px square JPEG (a PDF as it is).',
        querystring: z.object({
          download: z.literal('1').optional(),
          size: z.literal('thumb').optional(),
        }),
        response: { 404: errorBodySchema, 410: eventGoneSchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { event_id, attachment_id } = request.params;
      const found = await readAttachmentContent(app.db, event_id, attachment_id);
      if (!found) {
        const why = await missingEvent(app.db, event_id);
        throw why.statusCode === 410 ? why : notFound('attachment');
      }
      const thumbnail = request.query.size === 'thumb' && found.contentType === 'image/jpeg';
      const content = thumbnail ? await photoThumbnail(found.content) : found.content;
      return sendFile(
        reply,
        { ...found, content },
        request.query.download ? 'attachment' : 'inline',
      );
    },
  );
};

/**
 * Sends a stored file as it is, typed exactly as what it is and named with that type's
 * extension; typed on the plain reply, as the schema describes no body. `inline` lets the
 * browser show it, `attachment` saves it; `nosniff` keeps the browser to the type given.
 */
function sendFile(
  reply: FastifyReply,
  file: { content: Buffer; contentType: string; name: string },
  kind: 'inline' | 'attachment',
): FastifyReply {
  // Stored files are JPEG photos or PDFs: nothing else is ever served under their names.
  const type = file.contentType === 'image/jpeg' ? 'image/jpeg' : 'application/pdf';
  const { stem, extension } = servedName(file.name, type);
  return reply
    .type(type)
    .header('content-disposition', contentDisposition(kind, stem, extension))
    .header('cache-control', CACHE_CONTROL)
    .header('x-content-type-options', 'nosniff')
    .send(file.content);
}
