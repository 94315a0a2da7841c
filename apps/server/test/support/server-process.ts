import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('../../../../', import.meta.url).pathname;
const tsx = join(root, 'node_modules/.bin/tsx');
const entry = join(root, 'apps/server/src/server.ts');

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  /** Signals the server through tsx; a SIGKILL goes to both (one process group): no orphan. */
  kill(signal: NodeJS.Signals): void;
  /** Resolves with the address once the server says it serves; rejects if it exits first. */
  serving(timeoutMs?: number): Promise<string>;
}

/** Starts `npm start`'s command (tsx, which runs the server in a child process). */
export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(tsx, [entry], {
    cwd: root,
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      BACKUP_INTERVAL_HOURS: '0',
      ...env,
    },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const serving = async (timeoutMs = 60_000) => {
    const started = Date.now();
    for (;;) {
      const address = /Quits is serving at (http:\/\/[\d.:]+)/.exec(output)?.[1];
      if (address) return address;
      if (exitCode !== undefined) throw new Error(`the server exited (${exitCode}): ${output}`);
      if (Date.now() - started > timeoutMs) throw new Error(`no start in time: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const kill = (signal: NodeJS.Signals) => {
    // tsx passes SIGTERM and SIGINT on to the server; sent to both, the server would get two.
    if (signal !== 'SIGKILL') return void child.kill(signal);
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  return { child, exited, output: () => output, serving, kill };
}

/**
 * Fills `folder` with the empty, migrated database every PGlite suite starts from
 * (support/pglite-template.global.ts): a start then skips creating the cluster, its slowest part.
 */
export function seedDataFolder(folder: string, template: string): void {
  execFileSync('tar', ['-xf', template, '-C', folder]);
}
