import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The server's first start migrates a new PGlite database, which takes a few seconds. */
const START_TIMEOUT_MS = 60_000;
/** SIGTERM lets the server finish requests and close PGlite; past this it is killed. */
const STOP_TIMEOUT_MS = 10_000;
const READY = /Quits is serving at (http:\/\/127\.0\.0\.1:\d+)/;

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /** The server's own process (Node runs it directly), for reading its memory. */
  pid: number;
  /** Stops the server and removes its data directory; safe to call more than once. */
  close(): Promise<void>;
}

/** Builds the web app as `npm start` does: only when it is missing or older than its sources. */
export function ensureWebBuild(): void {
  const result = spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error('building the web app failed (see above)');
}

/**
 * Only what the server needs: no DATABASE_URL (it must run on PGlite in `dataDir`) and no
 * RATES_URL (nothing may leave 127.0.0.1), no scheduled backup. LOG_LEVEL info, for the line that
 * gives the port.
 */
function serverEnvironment(dataDir: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...extra,
    PATH: process.env.PATH ?? '',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    // A scheduled backup would hold PGlite mid-run and write into the working folder.
    BACKUP_INTERVAL_HOURS: '0',
  };
  if (process.env.WEB_DIST_DIR) env.WEB_DIST_DIR = process.env.WEB_DIST_DIR;
  return env;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Resolves with the address the server prints once it listens; rejects if it stops first. */
function addressOf(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    );
    const check = () => {
      const address = READY.exec(output())?.[1];
      if (address === undefined) return;
      clearTimeout(timer);
      resolve(address);
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server stopped with code ${code}:\n${output().slice(-2_000)}`));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const stopped = await Promise.race([
    exited(child).then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_TIMEOUT_MS).unref()),
  ]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited(child);
  }
}

/**
 * The real server as `npm start` runs it, in its own process on a free port of 127.0.0.1, on
 * PGlite in a new temporary directory. Node loads tsx itself (rather than through the tsx
 * command, which runs a second process) so that the signals reach the server directly. `env`:
 * settings of the benchmark (its rate limits, say) on top of the defaults.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quits-lighthouse-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: serverEnvironment(dataDir, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    // The start-up lines are all that is read; the request log after them is dropped.
    if (output.length < 100_000) output += chunk.toString('utf8');
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const close = async () => {
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    return { baseUrl: await addressOf(child, () => output), pid: child.pid ?? 0, close };
  } catch (error) {
    await close();
    throw error;
  }
}
