import {
  errorBodySchema,
  eventIdSchema,
  reportFileSchema,
  reportQuerySchema,
} from '@quits/contract';
import { buildRateTable } from '@quits/domain';
import { missingEvent } from '@server/events/event-gone';
import { computeBalancesOrRefuse } from '@server/events/event-reader';
import { attachment } from '@server/http/content-disposition';
import { buildReportFile } from '@server/report/report-file';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, sendBusy } from '../responses';
import { ExportFiles, ExportsBusyError } from '../transfer/export-files';

/**
 * How statements share the machine: one made at a time (pdfkit writes synchronously, so two
 * would only take turns), four more in line, 32 MB of made files kept for repeated downloads.
 */
const REPORT_FILES = { building: 1, waiting: 4, keptBytes: 32 * 1024 * 1024 };

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
        file = await files.get(key, () =>
          computeBalancesOrRefuse(() =>
            buildReportFile(event, query, {
              rates: buildRateTable(
                event.currency_id,
                event.currency_rates,
                app.currencies.infos(),
              ),
              decimalsOf: (currencyId) => app.currencies.get(currencyId)?.decimals ?? 2,
              madeAt,
            }),
          ),
        );
      } catch (error) {
        if (!(error instanceof ExportsBusyError)) throw error;
        request.log.warn('statements busy');
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
