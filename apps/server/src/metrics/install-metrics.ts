import { freeBytes, listBackups } from '@server/backup/backup-folder';
import type { DatabaseHandle } from '@server/db/connection';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { metricsGate } from './metrics-access';
import { ServerMetrics } from './server-metrics';
import { storedTotalsReader } from './stored-totals';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics; a no-op with METRICS=off. */
    metrics: ServerMetrics;
  }
}

/** Every path outside the API is the web app's (its pages and files): one label for all. */
const WEB_APP_ROUTE = '(web app)';

/**
 * Metrics at `/metrics` (see metrics-config.ts), and what they measure that belongs to no one
 * part: requests, the database's pool, live-update sockets, stored bytes. The parts with a
 * queue report it themselves (`app.metrics.observeQueue`). With METRICS=off, `/metrics`
 * answers 404 and nothing is measured. Installed before the routes, so that they find
 * `app.metrics`, and before the web app, whose pages would otherwise answer `/metrics`.
 */
export function installMetrics(app: FastifyInstance, database: DatabaseHandle): void {
  const { config } = app;
  const metrics = new ServerMetrics(config.METRICS);
  app.decorate('metrics', metrics);
  const registry = metrics.registry;

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!registry) {
      return reply.status(404).send({ message: 'Metrics are off on this server.', errors: {} });
    }
    const refusal = metricsGate(config.METRICS_TOKEN, config.METRICS_ALLOW)(request);
    if (refusal) {
      request.log.warn({ status: refusal.status }, 'metrics refused');
      if (refusal.status === 401) reply.header('www-authenticate', 'Bearer');
      return reply.status(refusal.status).send({ message: refusal.message, errors: {} });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  if (!registry) return;

  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      routeLabel(request),
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  metrics.gauge(
    'quits_database_pool_connections',
    'PostgreSQL connections of this instance by state (idle, busy, max), and queries waiting for one',
    ['state'],
    (set) => {
      const pool = database.pool();
      // PGlite runs inside the process on one connection: nothing to pool or wait for.
      const state = pool ?? { total: 1, idle: 0, waiting: 0, max: 1 };
      set({ state: 'idle' }, state.idle);
      set({ state: 'busy' }, state.total - state.idle);
      set({ state: 'waiting' }, state.waiting);
      set({ state: 'max' }, state.max);
    },
  );
  metrics.gauge('quits_database_info', 'Which database this instance runs on', ['kind'], (set) =>
    set({ kind: database.kind }, 1),
  );
  metrics.gauge(
    'quits_realtime',
    'Live-update sockets open on this instance, and channels (events) with a listener',
    ['what'],
    (set) => {
      const server = app.realtime?.server;
      if (!server) return;
      set({ what: 'sockets' }, server.connectionCount);
      set({ what: 'channels' }, server.channelCount);
      set({ what: 'addresses' }, server.addressCount);
    },
  );
  const storedTotals = storedTotalsReader(database.db);
  metrics.gauge(
    'quits_stored_bytes',
    'Bytes of files kept in the database for every event together (counted at most every 30 s)',
    ['kind'],
    async (set) => {
      const totals = await storedTotals();
      if (!totals) return;
      set({ kind: 'receipts' }, totals.receipts.bytes);
      set({ kind: 'attachments' }, totals.attachments.bytes);
    },
  );
  metrics.gauge(
    'quits_stored_files',
    'Files kept in the database for every event together (counted at most every 30 s)',
    ['kind'],
    async (set) => {
      const totals = await storedTotals();
      if (!totals) return;
      set({ kind: 'receipts' }, totals.receipts.count);
      set({ kind: 'attachments' }, totals.attachments.count);
    },
  );
  installDiskMetrics(app);
}

/**
 * The free space of the disks the server writes to: PGlite's data folder (with the floor below
 * which writes are refused) and the backups' folder; and when the newest backup was taken.
 */
function installDiskMetrics(app: FastifyInstance): void {
  const { metrics, config } = app;
  metrics.gauge(
    'quits_disk_free_bytes',
    'Bytes free on the disk of the data folder (PGlite) and of the backups folder',
    ['folder'],
    async (set) => {
      const data = await app.disk?.read();
      if (data) set({ folder: 'data' }, data.freeBytes);
      const backups = await freeBytes(config.BACKUP_DIR);
      if (backups !== null) set({ folder: 'backups' }, backups);
    },
  );
  metrics.gauge(
    'quits_disk_min_free_bytes',
    "Free bytes kept on the data folder's disk: below them, writes are refused (507)",
    ['folder'],
    async (set) => {
      const data = await app.disk?.read();
      if (data) set({ folder: 'data' }, data.floorBytes);
    },
  );
  metrics.gauge(
    'quits_backup_newest_timestamp_seconds',
    'When the newest backup in the backups folder was taken (Unix time)',
    [],
    async (set) => {
      const newest = (await listBackups(config.BACKUP_DIR)).at(-1);
      if (newest) set({}, newest.takenAt.getTime() / 1000);
    },
  );
}

/**
 * The route pattern a request matched (`/api/events/:id`), never its URL: an event id in a
 * label would hand the metrics' reader every event measured.
 */
function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return '(no route)';
  if (pattern === '/metrics' || pattern.startsWith('/api/')) return pattern;
  return WEB_APP_ROUTE;
}
