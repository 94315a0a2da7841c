import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../support/test-app';

const root = new URL('../../../../', import.meta.url).pathname;
const entry = join(root, 'apps/server/src/server.ts');

/**
 * Starts the server as `npm start` does, with only the given environment, and collects all it
 * prints. Node loads tsx itself rather than through its command, so that the process killed at
 * the end is the server, not a wrapper that would leave it running.
 */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, output: () => output };
}

/** A port nobody listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function waitFor(predicate: () => boolean, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('what the server says at start', () => {
  const children: ChildProcess[] = [];
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'quits-settings-'));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await rm(folder, { recursive: true, force: true });
  });

  it('names a malformed DATABASE_URL and a bad PUSHER_SECRET without their secrets', async () => {
    const server = start({
      DATABASE_URL: 'postgres://admin:hunter2-Pw@db.example:notaport/quits',
      PUSHER_SECRET: 'leaky secret value',
    });
    children.push(server.child);
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).toMatch(/DATABASE_URL must be an absolute URL/);
    expect(output).toMatch(/PUSHER_SECRET must be 8 to 200 characters/);
    expect(output).not.toContain('hunter2');
    expect(output).not.toContain('leaky secret value');
  });

  it('warns of a misspelt setting, reads DATABASE_URL from a file, waits for PostgreSQL, then exits non-zero', async () => {
    const port = await closedPort();
    const file = join(folder, 'database-url');
    // As `docker secret` and `echo … > file` write it: with a line break at the end.
    await writeFile(file, `postgres://quits:Sup3r-Secret-Pw@127.0.0.1:${port}/quits\n`);
    const startedAt = Date.now();
    const server = start({
      DATABASE_URL_FILE: file,
      DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
      RATE_LIMIT_WRITE_PER_DEVICE: '5',
    });
    children.push(server.child);
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2_000);
    expect(output).toContain(
      'RATE_LIMIT_WRITE_PER_DEVICE is not a setting; did you mean RATE_LIMIT_WRITES_PER_DEVICE?',
    );
    // Each attempt is in the log, and the last words say for how long it tried.
    expect(output.match(/PostgreSQL does not answer yet; trying again/g)?.length).toBeGreaterThan(
      1,
    );
    expect(output).toMatch(/PostgreSQL did not answer in 2 s/);
    expect(output).toMatch(/ECONNREFUSED/);
    expect(output).not.toContain('Sup3r-Secret-Pw');
  }, 20_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'holds at most DATABASE_POOL_SIZE connections to PostgreSQL',
    async () => {
      const database = await createPostgresDatabase();
      const token = 'a-metrics-token-for-the-test';
      const server = start({
        DATABASE_URL: database.url,
        DATABASE_POOL_SIZE: '3',
        PORT: '0',
        HOST: '127.0.0.1',
        METRICS: 'on',
        METRICS_TOKEN: token,
      });
      children.push(server.child);
      try {
        await waitFor(() => /Quits is serving at/.test(server.output()), 25_000);
        const address = /Quits is serving at (http:\/\/[\d.:]+)/.exec(server.output())?.[1];
        // Twenty checks at once, each taking a connection: three serve, the others wait.
        await Promise.all(Array.from({ length: 20 }, () => fetch(`${address}/api/health/ready`)));
        const scrape = await fetch(`${address}/metrics`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const text = await scrape.text();
        expect(text).toMatch(/quits_database_pool_connections\{state="max"\} 3\n/);
        const idle = Number(/pool_connections\{state="idle"\} (\d+)/.exec(text)?.[1]);
        const busy = Number(/pool_connections\{state="busy"\} (\d+)/.exec(text)?.[1]);
        expect(idle + busy).toBeGreaterThan(0);
        expect(idle + busy).toBeLessThanOrEqual(3);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        await database.drop();
      }
    },
    30_000,
  );
});
