import {
  errorBodySchema,
  eventIdSchema,
  reportFileSchema,
  reportQuerySchema,
} from '@quits/contract';
import { missingEvent } from '@server/events/event-gone';
import { attachment } from '@server/http/content-disposition';
import { WorkBusyError, WorkFailedError } from '@server/work/work-pool';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, sendBusy } from '../responses';
import { ExportFiles, ExportsBusyError } from '../transfer/export-files';

/**
 * How statements share the machine: one made at a time (in the work pool, so that the other
 * thread stays free for imports), four more in line, 32 MB of made files kept for repeated
 * downloads.
 */
const REPORT_FILES = { building: 1, waiting: 4, keptBytes: 32 * 1024 * 1024 };

/** A statement of 10,000 entries is made in a few seconds; one taking far longer is given up. */
const STATEMENT_TIMEOUT_MS = 60_000;

/** A printable statement of an event, as a PDF. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = new ExportFiles(REPORT_FILES);
  app.metrics.observeQueue('statements', () => files.load);

  app.get(
    '/events/:id/report',
    {
      schema: {
        tags: ['events'],
        summary: "The event's statement as a PDF, in a language and for a date range",
        description:
          "Answers the PDF itself as a download: summary, today's balances and the settle-up plan, statistics charts, and every expense and payment from `from` to `to` (inclusive; the whole event when absent), at most 10,000 of them. Fonts are embedded, Chinese and Vietnamese included.",
        params: z.object({ id: eventIdSchema }),
        querystring: reportQuerySchema,
        response: { 200: reportFileSchema, ...errorResponses, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const version = await app.eventReader.currentVersion(id);
      const entry = version === null ? null : await app.eventReader.read(id, version);
      if (!entry) throw await missingEvent(app.db, id);
      const { event } = entry;
      const { query } = request;
      const madeAt = new Date();
      // One file per version, language, range and day (the statement says when it was made).
      const key = [
        id,
        entry.etag,
        query.lang,
        query.from,
        query.to,
        madeAt.toISOString().slice(0, 10),
      ].join(':');
      let file: Buffer;
      try {
        // Laid out in the work pool: pdfkit writes synchronously, seconds for a large event.
        file = await files.get(key, async () => {
          const pdf = await app.work.run(
            'statement',
            { eventBody: entry.body, query, currencies: app.currencies.infos(), madeAt },
            { timeoutMs: STATEMENT_TIMEOUT_MS },
          );
          return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
        });
      } catch (error) {
        const busy = error instanceof ExportsBusyError || error instanceof WorkBusyError;
        // Out of time or memory: the machine could not make it now, which is not the client's fault.
        if (!(busy || error instanceof WorkFailedError)) throw error;
        request.log.warn({ err: error }, 'statements busy');
        return sendBusy(reply, 'busy_statements');
      }
      // The file was built from the event's checked types and is sent as it is.
      return (reply as FastifyReply)
        .header('cache-control', 'no-store')
        .header('content-disposition', attachment(event.name, 'pdf'))
        .type('application/pdf')
        .send(file);
    },
  );
};
