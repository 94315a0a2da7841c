import { startAttachmentSweep } from '@server/attachments/attachment-sweep';
import { installBackups } from '@server/backup/backup-schedule';
import { CurrencyStore } from '@server/currencies/currency-store';
import { RateHistoryStore } from '@server/currencies/rate-history-store';
import { startRatesRefresh } from '@server/currencies/rates-refresher';
import type { Database, DatabaseHandle, PreparedRunner } from '@server/db/connection';
import { type ReclaimSpace, spaceReclaimer } from '@server/db/space-reclaim';
import {
  type DevicePseudonyms,
  devicePseudonyms,
  loadPseudonymSecret,
} from '@server/devices/device-pseudonyms';
import { installDiskFloor } from '@server/disk/disk-floor';
import { DiskSpace } from '@server/disk/disk-space';
import { startEventPurge } from '@server/events/event-purge';
import { EventReader } from '@server/events/event-reader';
import { KnownVersions } from '@server/events/known-versions';
import { basePathRewrite, installBasePath } from '@server/http/base-path';
import { installClientContext } from '@server/http/client-context';
import { installCompression } from '@server/http/compression';
import { installCors } from '@server/http/cors';
import { installErrorHandler } from '@server/http/error-handler';
import { installJsonBodyParser } from '@server/http/json-body';
import { loggerOptions } from '@server/http/log-options';
import { installOpenApi } from '@server/http/openapi';
import { installRateLimits } from '@server/http/rate-limits';
import { installRequestIdHeader, requestIdGenerator } from '@server/http/request-id';
import { installCanonicalPaths } from '@server/http/request-path';
import { installSecurityHeaders } from '@server/http/security-headers';
import { installWebApp } from '@server/http/web-app';
import { installMetrics } from '@server/metrics/install-metrics';
import { installPush } from '@server/push/push-service';
import type { PushTransportOptions } from '@server/push/push-transport';
import { SubscriptionPresence } from '@server/push/subscription-presence';
import { ChangeFeed } from '@server/realtime/change-feed';
import { type ChangeStreamFollower, installRealtime } from '@server/realtime/install-realtime';
import { listenForChanges } from '@server/realtime/pg-change-listener';
import { installReceipts } from '@server/receipts/install-receipts';
import { startRecurrenceRunner } from '@server/recurrences/recurrence-runner';
import { attachmentRoutes } from '@server/routes/attachments';
import { broadcastingRoutes } from '@server/routes/broadcasting';
import { configRoutes } from '@server/routes/config';
import { currencyRoutes } from '@server/routes/currencies';
import { eventRoutes } from '@server/routes/events';
import { expenditureRoutes } from '@server/routes/expenditures';
import { healthRoutes } from '@server/routes/health';
import { paymentRoutes } from '@server/routes/payments';
import { pushRoutes } from '@server/routes/push';
import { receiptRoutes } from '@server/routes/receipts';
import { recurrenceRoutes } from '@server/routes/recurrences';
import { reportRoutes } from '@server/routes/report';
import { transferRoutes } from '@server/routes/transfer';
import { userRoutes } from '@server/routes/users';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { WorkPool } from './work/work-pool';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** Named prepared statements, for the few hot writes (see `PreparedRunner`). */
    prepared: PreparedRunner;
    currencies: CurrencyStore;
    /** The ECB's reference rates by day, for converting an expense at the rate of its date. */
    rateHistory: RateHistoryStore;
    eventReader: EventReader;
    changes: ChangeFeed;
    /** What history rows, live messages and answers show of a device instead of its id. */
    devices: DevicePseudonyms;
    /** Threads for CPU work that grows with a request (statements, imports). */
    work: WorkPool;
    /** The free space of PGlite's disk; null when the database is elsewhere (or in memory). */
    disk: DiskSpace | null;
    /** Gives the room of deleted rows back, after the sweeps and purges (see db/space-reclaim). */
    reclaimSpace: ReclaimSpace;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Pino options added to ours (a test's `stream`), or `false` for silence. */
  logger?: boolean | Record<string, unknown>;
  /** How push messages reach push services; tests trust their own HTTPS endpoint here. */
  push?: PushTransportOptions;
}

/** Builds the app: infrastructure plugins, then app services, then routes. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    // Event ids are the secret in a link: they never reach the logs (http/redact.ts).
    logger: loggerOptions(config, options.logger),
    bodyLimit: 1_048_576,
    // Clients may retry; every write is idempotent, so a short keep-alive is enough.
    keepAliveTimeout: 10_000,
    // The client's address (for rate limits) and request id come from these proxies only.
    trustProxy: config.TRUST_PROXY ?? false,
    genReqId: requestIdGenerator(config.TRUST_PROXY),
    // Closing: idle keep-alive sockets close at once, requests in flight finish, new ones 503.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Under BASE_PATH every part below reads paths as at the root (http/base-path.ts).
    ...(basePathRewrite(config.BASE_PATH) && { rewriteUrl: basePathRewrite(config.BASE_PATH) }),
  }).withTypeProvider<ZodTypeProvider>();

  // The API reads JSON only. Fastify also parses text/plain by default, which would answer a
  // confusing 422 and accept a body that a cross-site form can send without a CORS preflight.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installJsonBodyParser(app);
  // First among the hooks: every answer, refusals too, carries the headers and the request id.
  await installSecurityHeaders(app, config);
  installRequestIdHeader(app);
  // Before anything judges a request by its path: under the base path, one spelling of each.
  installBasePath(app, config.BASE_PATH);
  installCanonicalPaths(app);
  installCors(app, config.CORS_ORIGINS);
  installClientContext(app);
  await installRateLimits(app, config);
  const disk = database.dataDir ? new DiskSpace(database.dataDir, config.DISK_FREE_MIN) : null;
  app.decorate('disk', disk);
  if (disk) installDiskFloor(app, disk);
  installCompression(app);
  await installOpenApi(app);

  const currencies = await CurrencyStore.open(database.db);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('prepared', database.prepared);
  app.decorate('reclaimSpace', spaceReclaimer(database));
  app.decorate('currencies', currencies);
  const work = new WorkPool();
  app.decorate('work', work);
  app.addHook('onClose', () => work.close());
  // Before every part that reports a queue, and before the web app's pages.
  installMetrics(app, database);
  const rateHistory = await RateHistoryStore.open(database.db);
  app.decorate('rateHistory', rateHistory);
  const pseudonymSecret = await loadPseudonymSecret(database.db, config.DEVICE_PSEUDONYM_SECRET);
  app.decorate('devices', devicePseudonyms(pseudonymSecret));
  const changes = new ChangeFeed((error) =>
    app.log.error({ err: error }, 'change listener failed'),
  );
  app.decorate('changes', changes);
  const relay = await installRealtime(app, database);
  // Which events have no push subscription, kept right across instances by the same stream.
  const pushPresence = new SubscriptionPresence(database.url === null);
  app.decorate(
    'eventReader',
    new EventReader(database.db, currencies, trackVersions(app, database, relay, pushPresence)),
  );

  if (config.RATES_URL) {
    const stopRates = startRatesRefresh({
      url: config.RATES_URL,
      everyHours: config.RATES_REFRESH_HOURS,
      store: currencies,
      history: rateHistory,
      log: app.log,
    });
    app.addHook('onClose', async () => stopRates());
  }
  // Deleted events past their restore window are removed for good, hourly.
  const stopPurge = startEventPurge(database.db, app.reclaimSpace, app.log);
  app.addHook('onClose', stopPurge);
  // Recurring expenses fall due by the minute, in each event's time zone.
  const stopRecurrences = startRecurrenceRunner(app);
  app.addHook('onClose', stopRecurrences);
  await installPush(app, options.push ?? {}, pushPresence);
  installReceipts(app);
  // Attachments nothing keeps (never listed, or of entries deleted long ago) go, hourly.
  const stopAttachmentSweep = startAttachmentSweep(database.db, app.reclaimSpace, app.log);
  app.addHook('onClose', stopAttachmentSweep);
  // Backups while serving: on a schedule, and when `npm run backup` asks (server.ts).
  installBackups(app, database);

  await installWebApp(app, config.WEB_DIST_DIR);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(eventRoutes);
      await api.register(userRoutes);
      await api.register(expenditureRoutes);
      await api.register(paymentRoutes);
      await api.register(recurrenceRoutes);
      await api.register(currencyRoutes);
      await api.register(configRoutes);
      await api.register(broadcastingRoutes);
      await api.register(pushRoutes);
      await api.register(receiptRoutes);
      await api.register(attachmentRoutes);
      await api.register(transferRoutes);
      await api.register(reportRoutes);
    },
    { prefix: '/api' },
  );
  return app;
}

/**
 * Keeps the versions of events this instance has read exact: from its own writes, and on
 * PostgreSQL from every instance's writes by LISTEN (trusted only while that stream is whole).
 * The same LISTEN connection feeds `follower` (the realtime relay), when there is one, and
 * tells `pushPresence` of push subscriptions saved on any instance.
 */
function trackVersions(
  app: FastifyInstance,
  database: DatabaseHandle,
  follower: ChangeStreamFollower | null,
  pushPresence: SubscriptionPresence,
): KnownVersions {
  const known = new KnownVersions(database.url === null);
  app.changes.subscribe((change) => known.noteChange(change));
  if (database.url !== null) {
    const listener = listenForChanges({
      url: database.url,
      log: app.log,
      onNotice: (notice) => {
        known.noteChange(notice);
        follower?.noteChange(notice);
      },
      onSubscribed: (eventId) => pushPresence.subscribed(eventId),
      onState: (whole) => {
        if (whole) known.trust();
        else known.distrust();
        if (whole) pushPresence.trust();
        else pushPresence.distrust();
        follower?.streamState(whole);
      },
    });
    app.addHook('onClose', async () => listener.stop());
  }
  return known;
}
