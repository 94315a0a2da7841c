import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { dataEnvelope, errorBodySchema, livenessSchema, readinessSchema } from '@quits/contract';
import { addDays, todayIn } from '@quits/domain';
import { executeRows } from '@server/db/connection';
import { runDueRecurrences } from '@server/recurrences/recurrence-runner';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { apiClient, DATABASES, startTestApp, type TestApp } from '../support/test-app';

const TOKEN = 'scrape-token-0123456789abcdef';
const SCRAPER = '127.0.0.1';

describe.each(DATABASES)('what an operator sees, with metrics off (%s)', (kind) => {
  let dist: string;
  let started: TestApp;
  beforeAll(async () => {
    // A built web app, whose pages would otherwise answer any path such as /metrics.
    dist = await mkdtemp(join(tmpdir(), 'quits-web-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Quits</title>');
    started = await startTestApp(kind, { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await started?.close().catch(() => {});
    await rm(dist, { recursive: true, force: true });
  });

  it('answers /metrics 404, not the web app', async () => {
    const answer = await started.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { accept: 'text/html', authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('<title>Quits');
  });

  it('is alive, and ready while its database answers with every migration', async () => {
    const { app } = started;
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(dataEnvelope(livenessSchema).parse(live.json())).toEqual({ data: { status: 'ok' } });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(dataEnvelope(readinessSchema).parse(ready.json()).data).toEqual({
      status: 'ok',
      database: 'ok',
      migrations: 'ok',
    });
    // The documented check stays as it was.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('is not ready on a database that lacks a migration', async () => {
    const { app } = started;
    type Row = { id: number; hash: string; created_at: string };
    const [last] = await executeRows<Row>(
      app.db,
      sql`DELETE FROM drizzle.__drizzle_migrations
        WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations) RETURNING *`,
    );
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(errorBodySchema.parse(ready.json()).message).toMatch(/lacks migrations/);
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      if (last) {
        await executeRows(
          app.db,
          sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at)
            VALUES (${last.id}, ${last.hash}, ${last.created_at})`,
        );
      }
    }
  });
});

describe.each(DATABASES)('metrics on, behind a token and an address list (%s)', (kind) => {
  const lines: string[] = [];
  let started: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    started = await startTestApp(
      kind,
      { METRICS: 'on', METRICS_TOKEN: TOKEN, METRICS_ALLOW: SCRAPER, BACKUP_DIR: tmpdir() },
      { logger: { stream } },
    );
  });
  afterAll(async () => {
    await started?.close();
  });

  const scrape = (headers: Record<string, string>, remoteAddress = SCRAPER) =>
    started.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

  it('refuses a scrape without the token, or from an address not listed', async () => {
    const anonymous = await scrape({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    expect((await scrape({ authorization: 'Bearer not-the-token' })).statusCode).toBe(401);
    const elsewhere = await scrape({ authorization: `Bearer ${TOKEN}` }, '203.0.113.5');
    expect(elsewhere.statusCode).toBe(403);
  });

  it('counts requests by route pattern, never by an event id', async () => {
    const api = apiClient(started.app);
    const events = [await createEvent(api), await createEvent(api), await createEvent(api)];
    for (const event of events) {
      expect((await api.get(`/api/events/${event.id}`)).status).toBe(200);
      await api.get(`/api/events/${event.id}/balances`);
      await api.get(`/api/event/${event.id}/receipts/${randomUUID()}`);
      // A page of the web app: HTML once the app is built, so not read as JSON. Not the event's
      // home, whose render reads the event through the API (one more count, once built).
      await started.app.inject({ method: 'GET', url: `/event/${event.id}/expenses` });
    }
    // An id nobody has: a 404, still no id in any label.
    const unknown = 'Zz9_unknownEventId0123456';
    expect((await api.get(`/api/events/${unknown}`)).status).toBe(404);

    const answer = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    for (const id of [...events.map((event) => event.id), unknown]) {
      expect(text).not.toContain(id);
    }
    expect(text).toMatch(
      /quits_http_request_duration_seconds_count\{method="GET",route="\/api\/events\/:id",status="200"\} 3\n/,
    );
    expect(text).toMatch(/route="\/api\/events\/:id",status="404"\} 1\n/);
    expect(text).toMatch(/quits_http_request_duration_seconds_bucket\{le="0.05",method="POST"/);
  });

  it('shows the event loop, the database, live updates, queues and stored bytes', async () => {
    const text = (await scrape({ authorization: `Bearer ${TOKEN}` })).body;
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^quits_database_pool_connections\{state="max"\} \d+$/m);
    expect(text).toContain(`quits_database_info{kind="${kind}"} 1`);
    expect(text).toMatch(/^quits_realtime\{what="sockets"\} 0$/m);
    expect(text).toMatch(/^quits_realtime\{what="channels"\} 0$/m);
    for (const queue of ['push', 'receipts', 'exports', 'statements']) {
      expect(text).toMatch(new RegExp(`^quits_queue_jobs\\{queue="${queue}"\\} \\d+$`, 'm'));
    }
    expect(text).toMatch(/^quits_stored_bytes\{kind="attachments"\} 0$/m);
    expect(text).toMatch(/^quits_stored_bytes\{kind="receipts"\} 0$/m);
    // The backups' disk (the data folder's: test/process/backup-commands.test.ts).
    expect(text).toMatch(/^quits_disk_free_bytes\{folder="backups"\} \d+$/m);
  });

  it('logs a failing recurring expense by its series, never by its event id', async () => {
    const api = apiClient(started.app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const today = todayIn('UTC', new Date());
    const series = await api.post<{ data: { id: string } }>(`/api/event/${event.id}/recurrences`, {
      id: randomUUID(),
      expense: { ...expenseBody({ payer: ana, among: [ana, ben], amount: 1_000 }), date: today },
      repeat: { frequency: 'monthly' },
    });
    expect(series.status).toBe(201);
    // A stored series the runner cannot read: its failure is logged, not thrown.
    await executeRows(
      started.app.db,
      sql`UPDATE recurrences SET expense = expense || '{"payer": 5}'::jsonb,
          start = ${addDays(today, -40)}::date, next_index = 0,
          next_date = ${addDays(today, -40)}::date
        WHERE id = ${series.body.data.id}`,
    );
    lines.length = 0;
    await runDueRecurrences(started.app, new Date(`${addDays(today, 1)}T12:00:00Z`));
    const failure = lines.find((line) => line.includes('a recurring expense failed'));
    expect(failure).toBeDefined();
    expect(failure).toContain(series.body.data.id);
    expect(lines.join('\n')).not.toContain(event.id);
  });
});
