import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Event } from '@quits/contract';
import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import {
  apiClient,
  createPostgresDatabase,
  DATABASES,
  startSecondInstance,
  startTestApp,
  type TestApp,
} from '../support/test-app';
import { listen, listenTo, pusherClient, WAIT_MS } from './realtime-support';

const root = new URL('../../../../', import.meta.url).pathname;

/** `npm start`'s command on the given database, on a free port of 127.0.0.1. */
async function startServerProcess(
  databaseUrl: string,
): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(
    join(root, 'node_modules/.bin/tsx'),
    [join(root, 'apps/server/src/server.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DATABASE_URL: databaseUrl,
      },
    },
  );
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in 60 s: ${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const address = /Quits is serving at (http:\/\/[\d.:]+)/.exec(output)?.[1];
      if (address) {
        clearTimeout(timer);
        resolve(address);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  return { child, baseUrl };
}

async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Posts as the web app does to a server at `baseUrl`. */
async function post<T>(baseUrl: string, path: string, body: unknown): Promise<T> {
  const answer = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });
  if (answer.status >= 300) throw new Error(`${path} answered ${answer.status}`);
  return ((await answer.json()) as { data: T }).data;
}

// Several instances only exist on PostgreSQL; PGlite is one process by construction.
describe.runIf(DATABASES.includes('postgres'))('live updates across server instances', () => {
  const clients: Pusher[] = [];
  afterEach(() => {
    for (const pusher of clients.splice(0)) pusher.disconnect();
  });

  describe('two server processes on one PostgreSQL', () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    const servers: Array<{ child: ChildProcess; baseUrl: string }> = [];

    beforeAll(async () => {
      database = await createPostgresDatabase();
      // One after the other: the first migrates the fresh database and makes the shared secret.
      servers.push(await startServerProcess(database.url));
      servers.push(await startServerProcess(database.url));
    }, 120_000);
    afterAll(async () => {
      await Promise.all(servers.map(({ child }) => stopServerProcess(child)));
      await database?.drop();
    }, 30_000);

    it('tells a client of the first a change written through the second, signed by either', async () => {
      const [first, second] = servers as [(typeof servers)[0], (typeof servers)[0]];
      const event = await post<Event>(second.baseUrl, '/api/events', {
        name: 'Lisbon trip',
        currency_id: 'EUR',
        users: [{ name: 'Ana' }],
      });
      const ana = personId(event, 'Ana');
      const port = Number(new URL(first.baseUrl).port);
      // The socket is on the first; its signature comes from the second (one shared secret).
      const pusher = pusherClient({
        key: 'quits',
        port,
        authUrl: `${second.baseUrl}/api/broadcasting/auth`,
      });
      clients.push(pusher);
      const heard = await listenTo(pusher, `private-event.${event.id}`);

      const expense = expenseBody({ payer: ana, among: [ana], amount: 1200, title: 'Taxi' });
      await post(second.baseUrl, `/api/event/${event.id}/expenditure`, expense);
      await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: WAIT_MS, interval: 10 });
      expect(heard[0]).toMatchObject({
        name: 'ExpenseCreated',
        data: { entity: { id: expense.id } },
      });
    });
  });

  describe('two instances in this process', () => {
    let first: TestApp;
    let second: TestApp;
    const ports: number[] = [];

    beforeAll(async () => {
      first = await startTestApp('postgres');
      second = await startSecondInstance(first);
      for (const instance of [first, second]) ports.push((await listen(instance.app)).port);
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    const client = (index: 0 | 1) => {
      const port = ports[index] ?? 0;
      const authUrl = `http://127.0.0.1:${port}/api/broadcasting/auth`;
      const pusher = pusherClient({ key: 'quits', port, authUrl });
      clients.push(pusher);
      return pusher;
    };

    it('sends each change once to every client on every instance, in order', async () => {
      const event = await createEvent(apiClient(first.app));
      const ana = personId(event, 'Ana');
      const channel = `private-event.${event.id}`;
      const onFirst = await listenTo(client(0), channel);
      const onSecond = await listenTo(client(1), channel);

      const titles = ['One', 'Two', 'Three', 'Four'];
      const deviceId = randomUUID();
      for (const [index, title] of titles.entries()) {
        const through = apiClient(index % 2 === 0 ? first.app : second.app, deviceId);
        await through.post(
          `/api/event/${event.id}/expenditure`,
          expenseBody({ payer: ana, among: [ana], amount: 100, title }),
        );
      }
      // One device is one pseudonym on every instance: they share its secret.
      const device = first.app.devices.of(event.id, deviceId);
      expect(second.app.devices.of(event.id, deviceId)).toBe(device);
      for (const heard of [onFirst, onSecond]) {
        await vi.waitFor(() => expect(heard).toHaveLength(4), { timeout: WAIT_MS, interval: 10 });
        expect(heard.map((message) => message.data.entity?.title)).toEqual(titles);
        expect(heard.map((message) => message.data.device_id)).toEqual(titles.map(() => device));
      }
    });

    it('catches up on what was written while its change stream was down', async () => {
      const event = await createEvent(apiClient(first.app));
      const ana = personId(event, 'Ana');
      const heard = await listenTo(client(0), `private-event.${event.id}`);

      // Cut every instance's LISTEN connection from the database side, then write at once.
      await second.database.db.execute(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
      );
      await apiClient(second.app).post(
        `/api/event/${event.id}/expenditure`,
        expenseBody({ payer: ana, among: [ana], amount: 500, title: 'Water' }),
      );
      await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: 15_000, interval: 20 });
      expect(heard[0]?.data.entity?.title).toBe('Water');
    });
  });
});
