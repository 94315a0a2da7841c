import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../../../../', import.meta.url).pathname;
const tsx = join(root, 'node_modules/.bin/tsx');
const entry = join(root, 'apps/server/src/server.ts');

/** Starts `npm start`'s command with the given environment and collects what it prints. */
function start(env: Record<string, string>) {
  const child = spawn(tsx, [entry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, output: () => output };
}

async function waitFor(predicate: () => boolean, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the server process', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it('refuses to start on a bad variable and names it', async () => {
    const server = start({ PORT: 'eighty' });
    children.push(server.child);
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration: PORT must be a number/);
  });

  it('serves the API on PGlite in DATA_DIR and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'quits-start-'));
    const server = start({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
    children.push(server.child);
    await waitFor(() => /Quits is serving at/.test(server.output()), 60_000);
    const address = /Quits is serving at (http:\/\/[\d.:]+)/.exec(server.output())?.[1];
    const answer = await fetch(`${address}/api/currencies`);
    expect(answer.status).toBe(200);
    const home = await fetch(`${address}/`);
    expect(await home.text()).toContain('Quits');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await rm(dataDir, { recursive: true, force: true });
  }, 90_000);
});
