import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { backupName } from '@server/backup/backup-folder';
import { STATUS_FILE } from '@server/backup/backup-schedule';
import { restoreBackup } from '@server/backup/copy-database';
import { takeBackup } from '@server/backup/take-backup';
import { type DatabaseHandle, openDatabase } from '@server/db/connection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEvent, storedSettings } from '../support/backup-world';
import { expenseBody } from '../support/fixtures';
import {
  createPostgresDatabase,
  DATABASES,
  type DatabaseKind,
  pgliteTemplate,
  startTestApp,
  type TestApp,
} from '../support/test-app';

const DAY_MS = 86_400_000;

/**
 * A new, empty database of that kind: a new PGlite folder (in memory without `folder`), or a new
 * PostgreSQL database.
 */
async function freshDatabase(kind: DatabaseKind, folder?: string) {
  if (kind === 'pglite') {
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: folder ? await mkdtemp(join(folder, 'restored-')) : null,
      template: pgliteTemplate(),
    });
    return { database, close: () => database.close() };
  }
  const created = await createPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 });
  return {
    database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

const rowsOf = (database: DatabaseHandle, text: string, params: unknown[] = []) =>
  database.session('read', (session) => session.query<Record<string, unknown>>(text, params));

describe.each(DATABASES)('backups of %s taken while the server serves', (kind) => {
  let started: TestApp;
  let folder = '';
  beforeAll(async () => {
    started = await startTestApp(kind);
    folder = await mkdtemp(join(tmpdir(), 'quits-backups-'));
  });
  afterAll(async () => {
    await started?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('holds every write acknowledged before it began, taken under a write load, and restores them into a new database', async () => {
    const { app, database } = started;
    const { event, api } = await seedEvent(app);
    const people = event.users.map((user) => user.id);
    // Four writers add expenses without pause; each answer 201 is an acknowledged write.
    const acknowledged = new Map<string, number>();
    let writing = true;
    let amount = 100;
    const writers = Array.from({ length: 4 }, async () => {
      while (writing) {
        amount += 1;
        const body = expenseBody({ payer: people[0] ?? '', among: people, amount });
        const answer = await api.post(`/api/event/${event.id}/expenditure`, body);
        expect(answer.status).toBe(201);
        acknowledged.set(body.id, body.amount as number);
      }
    });
    while (acknowledged.size < 12) await new Promise((resolve) => setImmediate(resolve));
    const before = new Map(acknowledged);
    const outcome = await takeBackup(database, { folder, keepDays: 14 });
    const afterBackup = acknowledged.size;
    // Writes went on during the backup, not only before and after it.
    while (acknowledged.size < afterBackup + 4)
      await new Promise((resolve) => setImmediate(resolve));
    writing = false;
    await Promise.all(writers);
    if (!outcome) throw new Error('no backup taken');
    expect(outcome.rows.expenditures).toBeGreaterThanOrEqual(before.size + 3);

    const target = await freshDatabase(kind, folder);
    try {
      const totals = await restoreBackup(outcome.file, target.database);
      expect(totals.get('rows of events')).toBe('1');
      const restored = new Map(
        (
          await rowsOf(target.database, 'SELECT id, amount FROM expenditures WHERE event_id = $1', [
            event.id,
          ])
        ).map((row) => [String(row.id), Number(row.amount)]),
      );
      for (const [id, written] of before) expect(restored.get(id)).toBe(written);
      // One snapshot: the event's count of entries is that of the entries restored with it.
      const [counted] = await rowsOf(
        target.database,
        `SELECT e.item_count AS kept,
                (SELECT count(*) FROM expenditures x WHERE x.event_id = e.id AND x.deleted_at IS NULL)
              + (SELECT count(*) FROM payments p WHERE p.event_id = e.id AND p.deleted_at IS NULL)
                AS live
           FROM events e WHERE e.id = $1`,
        [event.id],
      );
      expect(Number(counted?.kept)).toBe(Number(counted?.live));
      // The photo's bytes and the server's secrets came along.
      const md5 = 'SELECT id, md5(content) AS sum FROM attachments ORDER BY id';
      expect(await rowsOf(target.database, md5)).toEqual(await rowsOf(database, md5));
      expect(await target.database.session('read', storedSettings)).toEqual(
        await database.session('read', storedSettings),
      );
      // The history's ids go on after the restored ones.
      const [next] = await target.database.session('write', (session) =>
        session.query<{ id: string }>("SELECT nextval('activities_id_seq') AS id"),
      );
      const [largest] = await rowsOf(target.database, 'SELECT max(id) AS id FROM activities');
      expect(Number(next?.id)).toBe(Number(largest?.id) + 1);
    } finally {
      await target.close();
    }
  });

  it('refuses to restore into a database that holds events, and changes nothing there', async () => {
    const outcome = await takeBackup(started.database, { folder, keepDays: 14 });
    if (!outcome) throw new Error('no backup taken');
    const count = 'SELECT count(*) AS n FROM expenditures';
    const [before] = await rowsOf(started.database, count);
    await expect(restoreBackup(outcome.file, started.database)).rejects.toThrow(
      /The target database is not empty \(rows: \d+ in events/,
    );
    expect(await rowsOf(started.database, count)).toEqual([before]);
  });

  it('deletes the backups older than the days kept, keeps the younger ones and every other file', async () => {
    const kept = await mkdtemp(join(folder, 'kept-'));
    const now = Date.now();
    const old = backupName(new Date(now - 20 * DAY_MS));
    const young = backupName(new Date(now - 3 * DAY_MS));
    for (const name of [old, young, 'notes.txt']) await writeFile(join(kept, name), 'x');
    const outcome = await takeBackup(started.database, { folder: kept, keepDays: 14 });
    expect(outcome?.pruned).toEqual([join(kept, old)]);
    const names = await readdir(kept);
    expect(names.sort()).toEqual([young, 'notes.txt', basename(outcome?.file ?? '')].sort());
  });

  it('refuses a backup file cut short, and restores nothing of it', async () => {
    const outcome = await takeBackup(started.database, { folder, keepDays: 14 });
    if (!outcome) throw new Error('no backup taken');
    const lines = gunzipSync(await readFile(outcome.file))
      .toString('utf8')
      .trimEnd()
      .split('\n');
    const cut = join(folder, 'cut.jsonl.gz');
    await writeFile(cut, gzipSync(`${lines.slice(0, -1).join('\n')}\n`));
    const target = await freshDatabase(kind);
    try {
      await expect(restoreBackup(cut, target.database)).rejects.toThrow('is cut short');
      expect(await rowsOf(target.database, 'SELECT id FROM events')).toEqual([]);
    } finally {
      await target.close();
    }
  });
});

describe('the backup schedule', () => {
  it('takes a backup when the newest is as old as the interval, not sooner, and says so in its status file', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'quits-schedule-'));
    const started = await startTestApp('pglite', {
      BACKUP_DIR: folder,
      BACKUP_INTERVAL_HOURS: '24',
    });
    try {
      const { backups } = started.app;
      const first = await backups.whenDue();
      expect(first?.file).toMatch(/quits-backup-.*\.jsonl\.gz$/);
      expect(await backups.whenDue()).toBeNull();
      const later = await backups.whenDue(new Date(Date.now() + 25 * 3_600_000));
      expect(later?.file).not.toBe(first?.file);
      const status = JSON.parse(await readFile(join(folder, STATUS_FILE), 'utf8'));
      expect(status).toMatchObject({ pid: process.pid, file: later?.file, error: null });
    } finally {
      await started.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
