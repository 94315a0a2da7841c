import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Several real servers on one fresh PostgreSQL database, for browser tests of what happens
 * between instances: a change made through one reaches pages open on another (they fan out
 * through LISTEN/NOTIFY), and an instance can stop and start again on the same port while a
 * page's socket waits to reconnect. They serve the web app that Playwright's web server built
 * (apps/web/dist) before any test ran.
 *
 *   test.skip(!instancesAvailable(), INSTANCES_NEED);
 *   const servers = await startInstances(2);
 *   try { ...servers.instances[0].baseURL... } finally { await servers.stopAll(); }
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** A first start on a loaded 2-core machine: tsx, then migrations (one instance at a time). */
const START_TIMEOUT_MS = 120_000;
/** The server's orderly shutdown closes sockets and the pool; past this it is killed. */
const STOP_TIMEOUT_MS = 15_000;

/** Why a spec skips when there is no PostgreSQL to share. */
export const INSTANCES_NEED = 'needs PostgreSQL (TEST_DATABASE_URL) for two instances';

/** Whether this run can start instances: they need a PostgreSQL server to share. */
export function instancesAvailable(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL);
}

export interface ServerInstance {
  /** `http://127.0.0.1:<port>`; the same across stop() and start(). */
  readonly baseURL: string;
  readonly port: number;
  /** Whether its process is running (started and not stopped). */
  readonly running: boolean;
  /** Asks it to stop (SIGTERM, as a deployment would) and waits until it is gone. */
  stop(): Promise<void>;
  /** Starts it again on the same port and waits until it answers; a no-op while it runs. */
  start(): Promise<void>;
  /** What it printed last (warnings and errors), for a failure's message. */
  output(): string;
}

export interface ServerInstances {
  readonly instances: readonly ServerInstance[];
  /** The database they share, e.g. to look at rows or to start one more server by hand. */
  readonly databaseUrl: string;
  /** Stops every instance, then drops the database. */
  stopAll(): Promise<void>;
}

/**
 * Creates a fresh database (quits_e2e_<random>) on TEST_DATABASE_URL's server and starts
 * `count` servers on it, one after another (so that the first migrates alone).
 */
export async function startInstances(
  count: number,
  /** Settings beside the test's own (EVENT_CREATION=closed…), for every instance. */
  settings: Readonly<Record<string, string>> = {},
): Promise<ServerInstances> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error(INSTANCES_NEED);
  const name = `quits_e2e_${randomBytes(6).toString('hex')}`;
  await administer(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const instances: ManagedInstance[] = [];
  const stopAll = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    // FORCE: a connection a killed server left behind must not keep the database alive.
    await administer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  try {
    for (let index = 0; index < count; index += 1) {
      const instance = new ManagedInstance(databaseUrl, await freePort(), settings);
      instances.push(instance);
      await instance.start();
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { instances, databaseUrl, stopAll };
}

async function administer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A port nobody listens on now, asked of the system. It is chosen here rather than with
 * PORT=0 because the instance must get the same one back when it starts again (a page's socket
 * reconnects to the address it knew), and because at LOG_LEVEL=warn the server does not say
 * where it listens.
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** Servers still running, killed if the test process ends without stopAll (a crash, Ctrl-C). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

class ManagedInstance implements ServerInstance {
  readonly baseURL: string;
  private child: ChildProcess | null = null;
  private printed = '';

  constructor(
    private readonly databaseUrl: string,
    readonly port: number,
    private readonly settings: Readonly<Record<string, string>>,
  ) {
    this.baseURL = `http://127.0.0.1:${port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  output(): string {
    return this.printed;
  }

  async start(): Promise<void> {
    if (this.child) return;
    // Only what the server needs: nothing from this process may point it at another database.
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH ?? '',
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATABASE_URL: this.databaseUrl,
      LOG_LEVEL: 'warn',
      // The specs seed through the API as one device from one address, far past a person's
      // pace, as start-server.mjs lets through for the single server.
      RATE_LIMIT_WRITES_PER_DEVICE: '100000',
      RATE_LIMIT_WRITES_PER_IP: '100000',
      // Backups are no part of these tests, and would be written into the repository's folder.
      BACKUP_INTERVAL_HOURS: '0',
      ...this.settings,
    };
    // Node loads tsx itself (no tsx command in between), so that a signal reaches the server.
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    running.add(child);
    const collect = (chunk: Buffer) => {
      // Read to the end so that the pipe never fills and stalls the server; keep the tail.
      this.printed = (this.printed + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', () => {
      running.delete(child);
      if (this.child === child) this.child = null;
    });
    try {
      await this.answering(child);
    } catch (error) {
      await this.kill();
      throw error;
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([
      exited(child).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_TIMEOUT_MS)),
    ]);
    if (!stopped) await this.kill();
    this.child = null;
  }

  private async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited(child);
    this.child = null;
  }

  /** Waits until the server answers its config, as Playwright's web server is waited for. */
  private async answering(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `the server on port ${this.port} stopped before answering:\n${this.printed}`,
        );
      }
      try {
        const response = await fetch(`${this.baseURL}${this.settings.BASE_PATH ?? ''}/api/config`);
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(
      `the server on port ${this.port} did not answer in ${START_TIMEOUT_MS / 1000} s`,
    );
  }
}
