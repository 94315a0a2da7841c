import multipart from '@fastify/multipart';
import {
  dataEnvelope,
  type Event,
  errorBodySchema,
  eventExportSchema,
  eventIdSchema,
  eventSchema,
  exportQuerySchema,
  IMPORT_FILE_FIELD,
  IMPORT_FILE_FORMATS,
  IMPORT_MAX_BYTES,
  importBodySchema,
  importPreviewSchema,
  importQuerySchema,
} from '@quits/contract';
import { buildRateTable } from '@quits/domain';
import type { CachedEvent } from '@server/events/event-cache';
import { checkMayCreateEvent } from '@server/events/event-creation';
import { missingEvent } from '@server/events/event-gone';
import { computeBalancesOrRefuse } from '@server/events/event-reader';
import { acceptedEncoding, packWhole, varyOnEncoding } from '@server/http/compression';
import { attachment } from '@server/http/content-disposition';
import { oneFileLimits } from '@server/http/file-upload';
import { HttpError, say } from '@server/http/http-error';
import { WorkBusyError, WorkFailedError } from '@server/work/work-pool';
import type { PlannedImport } from '@server/work/work-tasks';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, JSON_CONTENT_TYPE, sendBusy, sendJsonBytes } from '../responses';
import { buildEventCsv } from './export-csv';
import { ExportFiles, ExportsBusyError } from './export-files';
import { buildEventExport } from './export-json';
import { ecbRatesOfFile, ecbRatesOfKeys } from './import-ecb-rates';
import { readImportUpload } from './import-upload';
import { writeImport } from './import-write';
import { checkSplitwiseLines } from './splitwise-import';

/**
 * How exports share memory: two files built at once, sixteen more in line, 64 MB of built files
 * kept. A 40,000-expense event's JSON file is about 32 MB, so a burst of exports of such events
 * holds a bounded number of them, whatever the number of readers.
 */
const EXPORT_FILES = { building: 2, waiting: 16, keptBytes: 64 * 1024 * 1024 };

/** Reading and planning a file at the size limit takes a few seconds; far longer is given up. */
const PLAN_TIMEOUT_MS = 30_000;

/** The second reading of a Quits export, with the ECB rates it asked for: a plan this time. */
async function planAgain(answer: Promise<PlannedImport | { ecbKeys: string[] }>) {
  const planned = await answer;
  if ('ecbKeys' in planned) throw new WorkFailedError('an export asked for its rates twice');
  return planned;
}

/** Export an event as a file (JSON to rebuild it, CSV for spreadsheets), and import one. */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in this plugin only: its limits are an import's (one file of the import's size).
  await app.register(multipart, { limits: oneFileLimits(IMPORT_MAX_BYTES) });
  const files = new ExportFiles(EXPORT_FILES);
  app.metrics.observeQueue('exports', () => files.load);

  const readLatest = async (eventId: string): Promise<CachedEvent> => {
    const version = await app.eventReader.currentVersion(eventId);
    const entry = version === null ? null : await app.eventReader.read(eventId, version);
    if (!entry) throw await missingEvent(app.db, eventId);
    return entry;
  };

  app.get(
    '/events/:id/export',
    {
      schema: {
        tags: ['events'],
        summary: 'The whole event as a file: JSON to import again, or CSV for a spreadsheet',
        description:
          'Answers the file itself, not in a `data` envelope, as a download. `format=csv`: UTF-8 with a byte order mark, RFC 4180, one row per expense, income and payment then a closing row of balances; every figure after the currency is in the event currency, each person has a share and a net column, and each net column sums to their balance. Numbers with a dot decimal and no grouping.',
        params: z.object({ id: eventIdSchema }),
        querystring: exportQuerySchema,
        response: { 200: eventExportSchema, ...errorResponses, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const entry = await readLatest(request.params.id);
      const { event } = entry;
      const csv = request.query.format === 'csv';
      const withDetails = !csv && request.query.payment_details;
      const build = csv
        ? () => Buffer.from(buildCsv(event))
        : // Built once per version: `exported_at` is when this version's file was first built,
          // and the event has not changed since.
          () => Buffer.from(JSON.stringify(buildEventExport(event, new Date(), withDetails)));
      const kind = csv ? 'csv' : withDetails ? 'json+details' : 'json';
      const key = `${request.params.id}:${kind}:${entry.etag}`;
      // Compressed once too, when the client takes it: packing a large file for every reader
      // would cost more than building it.
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      let file: Buffer;
      try {
        const plain = await files.get(key, build);
        file = encoding
          ? await files.get(`${key}:${encoding}`, () => packWhole(plain, encoding))
          : plain;
      } catch (error) {
        if (!(error instanceof ExportsBusyError)) throw error;
        request.log.warn('exports busy');
        return sendBusy(reply, 'busy_exports');
      }
      if (encoding) reply.header('content-encoding', encoding);
      // The file was built from the schema's types once and is sent as it is.
      return (reply as FastifyReply)
        .header('vary', varyOnEncoding(reply.getHeader('vary')))
        .header('cache-control', 'no-store')
        .header('content-disposition', attachment(event.name, csv ? 'csv' : 'json'))
        .type(csv ? 'text/csv; charset=utf-8' : JSON_CONTENT_TYPE)
        .send(file);
    },
  );

  /** The CSV of the event in its own currency (see buildEventCsv). */
  const buildCsv = (event: Event) => {
    const rates = buildRateTable(event.currency_id, event.currency_rates, app.currencies.infos());
    // Extreme rates can make a converted amount too large to write exactly: a 422, as the
    // balances answer.
    return computeBalancesOrRefuse(() =>
      buildEventCsv(event, rates, (currencyId) => app.currencies.get(currencyId)?.decimals ?? 2),
    );
  };

  app.post(
    '/events/import',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags: ['events'],
        summary:
          "Create a new event from a file: a Quits export, or another app's export (dry_run: preview only)",
        description: `The whole import is one transaction: on any problem nothing is created. Either multipart/form-data with the file as it was exported in the field \`${IMPORT_FILE_FIELD}\` (at most ${IMPORT_MAX_BYTES} bytes; optional fields \`format\` — one of ${IMPORT_FILE_FORMATS.join(', ')}, detected from the content when left out — \`name\` and \`currency_id\` of the new event), or a JSON body: a Quits export, or a Splitwise CSV wrapped as \`{ format: "splitwise-csv", name, csv }\`. A problem names its line ("line 7: …"; in \`errors\` under \`line:7\`) or its place in a JSON file. With \`dry_run=true\` the answer (200) says what would be created and nothing is written: each person's balance as the event will show it, and the balances the file states itself beside those (\`stated_balances\`). Creating the event needs what POST /events needs (a 403 when this server takes no new events, or needs its password in \`Creation-Password\`).`,
        consumes: ['application/json', 'multipart/form-data'],
        querystring: importQuerySchema,
        // A multipart request has no body to check here: its file is read in the handler.
        body: importBodySchema.nullish(),
        response: {
          200: dataEnvelope(importPreviewSchema),
          201: dataEnvelope(eventSchema),
          ...errorResponses,
          403: errorBodySchema,
          413: errorResponses[422],
          415: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      // Before the file is read; a preview creates nothing, so anyone may ask for one.
      if (!request.query.dry_run) checkMayCreateEvent(app, request);
      const currencies = app.currencies.infos();
      const timeout = { timeoutMs: PLAN_TIMEOUT_MS };
      let planned: PlannedImport;
      try {
        // Read and planned in the work pool: parsing and checking 50,000 rows takes seconds.
        // The preview is computed on a real import too: amounts too large to add up are
        // refused before writing.
        if (request.isMultipart()) {
          // The parser's limit stops a file larger than an import may be before it is read.
          const upload = await readImportUpload(request);
          const file = { bytes: upload.bytes, fileName: upload.fileName, fields: upload.fields };
          const first = await app.work.run('file', { file, currencies, ecbRates: null }, timeout);
          planned =
            'ecbKeys' in first
              ? await planAgain(
                  app.work.run(
                    'file',
                    { file, currencies, ecbRates: ecbRatesOfKeys(first.ecbKeys, app.rateHistory) },
                    timeout,
                  ),
                )
              : first;
        } else {
          const { body } = request;
          if (!body) throw new HttpError(422, say('import_body_missing'));
          if (body.format === 'splitwise-csv') checkSplitwiseLines(body.csv);
          planned =
            body.format === 'splitwise-csv'
              ? await app.work.run('splitwise', { body, currencies }, timeout)
              : await app.work.run(
                  'export',
                  { body, currencies, ecbRates: ecbRatesOfFile(body, app.rateHistory) },
                  timeout,
                );
        }
      } catch (error) {
        if (error instanceof WorkBusyError) return sendBusy(reply, 'busy_imports');
        if (!(error instanceof WorkFailedError)) throw error;
        // Out of time or memory in its thread: the file asks more than an import may take.
        request.log.warn({ err: error }, 'an import could not be planned');
        throw new HttpError(422, say('import_refused'));
      }
      const { plan, preview } = planned;
      if (request.query.dry_run) return reply.status(200).send({ data: preview });
      const eventId = await writeImport(app, plan, request.client);
      const entry = await readLatest(eventId);
      return sendJsonBytes(reply.header('etag', entry.etag), entry.body, 201);
    },
  );
};
