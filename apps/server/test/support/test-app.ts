import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type AppOptions, buildApp } from '@server/app';
import { readConfig } from '@server/config';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from '@server/db/connection';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';

export type DatabaseKind = 'pglite' | 'postgres';

/** Every API suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * What a test may set on the app beyond its environment: how it reaches push services, and
 * logger options (a `stream` to read the log lines from).
 */
export type TestAppOptions = Pick<AppOptions, 'push' | 'logger'>;

/**
 * Suites send thousands of requests from one address in seconds: the rate limits, on in
 * production, are off unless a test's environment turns them on (test/security/rate-limits.test.ts).
 * Scheduled backups are off too: a suite asks for one when it tests them.
 */
const TEST_ENVIRONMENT: NodeJS.ProcessEnv = { RATE_LIMITS: 'off', BACKUP_INTERVAL_HOURS: '0' };

/**
 * Push services, unless a test brings its own (support/push-endpoint.ts): any name under
 * `.example` is found, at 127.0.0.1 on a port where nothing listens, so that subscribing works
 * without a network and a send fails at once, locally.
 */
const NO_PUSH_SERVICE: NonNullable<TestAppOptions['push']> = {
  resolve: async (hostname) => {
    if (!hostname.endsWith('.example')) throw new Error(`${hostname} not found`);
    return [{ address: '127.0.0.1', family: 4 }];
  },
  allowPrivateNetworks: true,
  port: 9,
};

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

let template: Blob | undefined;

/** The empty, migrated PGlite database every suite starts from (support/pglite-template.global.ts). */
export function pgliteTemplate(): Blob {
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return template;
}

/** A fresh database of that kind (a new PostgreSQL database per suite), migrated, and the app. */
export async function startTestApp(
  kind: DatabaseKind,
  env: NodeJS.ProcessEnv = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const fresh = kind === 'postgres' ? await createPostgresDatabase() : null;
  const target: DatabaseTarget = fresh
    ? { kind: 'postgres', url: fresh.url, poolSize: 5 }
    : { kind: 'pglite', dataDir: null, template: pgliteTemplate() };
  return startAppOn(target, env, options, async () => fresh?.drop());
}

/** Opens the database, builds the app on it, and closes both (then `cleanUp`) when asked. */
export async function startAppOn(
  target: DatabaseTarget,
  env: NodeJS.ProcessEnv,
  options: TestAppOptions = {},
  cleanUp: () => Promise<void> = async () => {},
): Promise<TestApp> {
  const database = await openDatabase(target);
  const config = readConfig({ ...TEST_ENVIRONMENT, ...env });
  const app = await buildApp({
    config,
    database,
    logger: false,
    push: NO_PUSH_SERVICE,
    ...options,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await cleanUp();
    },
  };
}

/** A new, empty PostgreSQL database next to TEST_DATABASE_URL's, and the way to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `quits_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

/** Calls the app as the web app does: the spec's headers and JSON, through `app.inject`. */
export function apiClient(app: FastifyInstance, deviceId: string = randomUUID()) {
  const call = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer<T>> => {
    const response = await app.inject({
      method,
      url,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        'device-id': deviceId,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    const text = response.body;
    return {
      status: response.statusCode,
      body: (text ? JSON.parse(text) : null) as T,
      headers: response.headers,
    };
  };
  return {
    deviceId,
    get: <T = unknown>(url: string, headers?: Record<string, string>) =>
      call<T>('GET', url, undefined, headers),
    post: <T = unknown>(url: string, body: unknown, headers?: Record<string, string>) =>
      call<T>('POST', url, body, headers),
    put: <T = unknown>(url: string, body: unknown, headers?: Record<string, string>) =>
      call<T>('PUT', url, body, headers),
    del: <T = unknown>(url: string, headers?: Record<string, string>) =>
      call<T>('DELETE', url, undefined, headers),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

/** Another server instance on the same PostgreSQL database as `first` (as behind a balancer). */
export async function startSecondInstance(
  first: TestApp,
  options: TestAppOptions = {},
): Promise<TestApp> {
  if (!first.database.url) throw new Error('a second instance needs PostgreSQL');
  return startAppOn({ kind: 'postgres', url: first.database.url, poolSize: 5 }, {}, options);
}

/**
 * Starts a fresh app for the enclosing `describe` block and closes it afterwards; the returned
 * function gives it to the tests.
 */
export function useTestApp(
  kind: DatabaseKind,
  env?: NodeJS.ProcessEnv,
  options?: TestAppOptions | (() => TestAppOptions),
): () => TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(kind, env, typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await started?.close();
  });
  return () => {
    if (!started) throw new Error('the test app has not started');
    return started;
  };
}
