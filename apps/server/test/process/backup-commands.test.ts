import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Event } from '@quits/contract';
import { openDatabase } from '@server/db/connection';
import { PID_FILE } from '@server/db/data-folder-lock';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type ServerProcess, seedDataFolder, startServer } from '../support/server-process';

const run = promisify(execFile);
const root = new URL('../../../../', import.meta.url).pathname;

/** `npm run <script>` as an operator runs it, with only the settings given. */
async function npmRun(script: string, env: Record<string, string>, args: string[] = []) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const folders: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) server.kill('SIGKILL');
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('backing up, stopping and restoring as docs/OPERATIONS.md says (PGlite)', () => {
  it('npm run backup asks the running server, kill -TERM of the pid file stops it, npm run restore fills a new folder', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'quits-commands-'));
    folders.push(folder);
    const dataDir = join(folder, 'data');
    const backupDir = join(folder, 'backups');
    await mkdir(dataDir);
    seedDataFolder(dataDir, inject('pgliteTemplate'));
    const token = 'backup-test-metrics-token';
    const server = startServer({
      DATA_DIR: dataDir,
      BACKUP_DIR: backupDir,
      METRICS: 'on',
      METRICS_TOKEN: token,
    });
    servers.push(server);
    const address = await server.serving();
    const created = await fetch(`${address}/api/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        'device-id': '00000000-0000-4000-8000-00000000c0de',
      },
      body: JSON.stringify({ name: 'Backed up', currency_id: 'EUR', users: [{ name: 'Ana' }] }),
    });
    expect(created.status).toBe(201);
    const event = ((await created.json()) as { data: Event }).data;

    // The server holds the folder: the command asks it, and it takes the backup while serving.
    const backup = await npmRun('backup', { DATA_DIR: dataDir, BACKUP_DIR: backupDir });
    expect(backup.output).toContain('Asked the running server');
    expect(backup.code, backup.output).toBe(0);
    const file = /Backup written: (\S+\.jsonl\.gz)/.exec(backup.output)?.[1] ?? '';
    expect(existsSync(file)).toBe(true);
    expect((await fetch(`${address}/api/health`)).status).toBe(200);
    // What a scraper sees of the disks and the backup just taken.
    const scraped = await fetch(`${address}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const metrics = await scraped.text();
    expect(metrics).toMatch(/^quits_disk_free_bytes\{folder="data"\} \d+$/m);
    expect(metrics).toMatch(/^quits_disk_min_free_bytes\{folder="data"\} \d+$/m);
    const newest = /^quits_backup_newest_timestamp_seconds ([\d.]+)$/m.exec(metrics)?.[1];
    expect(Math.abs(Number(newest) * 1000 - Date.now())).toBeLessThan(120_000);

    // The stop the docs give, word for word.
    await run('sh', ['-c', `kill -TERM "$(cat ${dataDir}/quits.pid)"`]);
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dataDir, PID_FILE))).toBe(false);

    const restoredDir = join(folder, 'restored');
    const restore = await npmRun('restore', { DATA_DIR: restoredDir }, [file]);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/rows of events +1\n/);
    // A folder that holds anything is never restored into.
    const again = await npmRun('restore', { DATA_DIR: restoredDir }, [file]);
    expect(again.code).toBe(1);
    expect(again.output).toContain('is not empty');

    const restored = await openDatabase({ kind: 'pglite', dataDir: restoredDir });
    try {
      const rows = await restored.session('read', (session) =>
        session.query<{ name: string }>('SELECT name FROM events WHERE id = $1', [event.id]),
      );
      expect(rows).toEqual([{ name: 'Backed up' }]);
    } finally {
      await restored.close();
    }
  }, 180_000);
});
