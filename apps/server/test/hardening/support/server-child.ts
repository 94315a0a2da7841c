import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { reliabilityEnvironment } from './fuzz-settings';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));

/** A first start on a loaded 2-core machine: tsx, the database's start-up and migrations. */
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;
/** The server says where it listens; the port is the one the system gave (PORT=0). */
const ADDRESS = /http:\/\/127\.0\.0\.1:(\d+)/;

/** Where the server keeps its data: a PGlite directory or a PostgreSQL database. */
export type ServerData = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface ServerChild {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /** Kills the process at once, mid-whatever it is doing, and waits for it to be gone. */
  kill(): Promise<void>;
  /** Asks it to stop (SIGTERM) and waits; killed if it takes longer than 30 s. */
  stop(): Promise<void>;
  /** What it printed last, for a failure's message. */
  output(): string;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * The real server as `npm start` runs it (`apps/server/src/server.ts` through tsx), in its own
 * process on 127.0.0.1, on the given data. Only what the server needs is passed: nothing from
 * this process's environment may point it at another database or another network.
 */
export async function startServerChild(data: ServerData): Promise<ServerChild> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    // No scheduled backup into the working directory; a test asks for one where it wants it.
    BACKUP_INTERVAL_HOURS: '0',
    ...reliabilityEnvironment(),
    ...(data.kind === 'pglite' ? { DATA_DIR: data.dataDir } : { DATABASE_URL: data.url }),
  };
  // Node loads tsx itself, rather than through the tsx command (a second process), so that a
  // signal reaches the server and nothing else.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    // Every line is read, so that the pipe never fills and stalls the server; the last
    // 20,000 characters are kept.
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited(child);
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([
      exited(child).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_TIMEOUT_MS).unref()),
    ]);
    if (!stopped) await kill();
  };

  try {
    const port = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the server did not start in ${START_TIMEOUT_MS / 1000} s`)),
        START_TIMEOUT_MS,
      );
      const check = () => {
        const found = ADDRESS.exec(output)?.[1];
        if (found === undefined) return;
        clearTimeout(timer);
        child.stdout.off('data', check);
        resolve(found);
      };
      child.stdout.on('data', check);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the server stopped (${code ?? signal}) before listening:\n${output}`));
      });
    });
    return { baseUrl: `http://127.0.0.1:${port}`, kill, stop, output: () => output };
  } catch (error) {
    await kill();
    throw error;
  }
}
