import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCK_FILE, lockDataFolder, PID_FILE } from '@server/db/data-folder-lock';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type ServerProcess, seedDataFolder, startServer } from '../support/server-process';

const folders: string[] = [];
const children: ChildProcess[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const server of servers) server.kill('SIGKILL');
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function newFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'quits-lock-'));
  folders.push(folder);
  return folder;
}

function startTicksOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
}

const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

describe('one server per data folder', () => {
  it('a second server on the folder refuses to start, naming it and the first; after a kill -9 a new one starts', async () => {
    const folder = await newFolder();
    seedDataFolder(folder, inject('pgliteTemplate'));
    const first = startServer({ DATA_DIR: folder });
    servers.push(first);
    await first.serving();
    const pid = Number(await readFile(join(folder, PID_FILE), 'utf8'));
    expect(pid).toBeGreaterThan(0);

    const second = startServer({ DATA_DIR: folder });
    servers.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder ${folder} is in use`);
    expect(second.output()).toContain(`process ${pid}`);

    // The server itself (tsx's child), as an out-of-memory kill or a crash would end it.
    process.kill(pid, 'SIGKILL');
    await first.exited;
    expect(existsSync(join(folder, LOCK_FILE))).toBe(true);

    const third = startServer({ DATA_DIR: folder });
    servers.push(third);
    const address = await third.serving();
    expect((await fetch(`${address}/api/health`)).status).toBe(200);
    third.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    // A clean stop gives the folder back.
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
    expect(existsSync(join(folder, PID_FILE))).toBe(false);
  }, 90_000);

  it('a live process that holds the folder keeps it; the same pid after a reboot or reused does not', async () => {
    const folder = await newFolder();
    const holder = spawn('sleep', ['30']);
    children.push(holder);
    const pid = holder.pid ?? 0;
    const lock = (fields: Record<string, unknown>) =>
      writeFile(
        join(folder, LOCK_FILE),
        JSON.stringify({
          pid,
          host: hostname(),
          bootId: bootId(),
          startTicks: startTicksOf(pid),
          folder,
          since: '2026-01-01T00:00:00.000Z',
          ...fields,
        }),
      );

    await lock({});
    await expect(lockDataFolder(folder)).rejects.toThrow(`process ${pid}`);

    await lock({ bootId: 'a boot before the last reboot' });
    (await lockDataFolder(folder)).release();

    await lock({ startTicks: startTicksOf(pid) - 1 });
    (await lockDataFolder(folder)).release();

    // Copied with the folder from elsewhere (a restored snapshot).
    await lock({ folder: '/srv/elsewhere' });
    const taken = await lockDataFolder(folder);
    expect(JSON.parse(await readFile(join(folder, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    taken.release();
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
  });

  it('a lock of another machine is kept: its process cannot be checked from here', async () => {
    const folder = await newFolder();
    await writeFile(
      join(folder, LOCK_FILE),
      JSON.stringify({ pid: 999_999, host: 'other-machine', bootId: 'x', folder, since: 'then' }),
    );
    await expect(lockDataFolder(folder)).rejects.toThrow(/process 999999 on other-machine/);
  });
});
