import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Event } from '@quits/contract';
import { openDatabase } from '@server/db/connection';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, DATABASES } from '../support/test-app';
import { checkBalances, readCurrencies } from './support/balance-check';
import { checkEventRows } from './support/event-consistency';
import { httpJson } from './support/http-json';
import { startServerChild } from './support/server-child';
import { verifyEvent } from './support/writer';
import { createWritersEvent, makeWriters } from './support/writers-run';

const run = promisify(execFile);

async function readEvent(baseUrl: string, eventId: string) {
  const answer = await httpJson(baseUrl, '00000000-0000-4000-8000-999999999995')(
    'GET',
    `/api/events/${eventId}`,
  );
  expect(answer.status).toBe(200);
  return (answer.body as { data: Event }).data;
}

/** docs/OPERATIONS.md, "PGlite": stop the server, archive DATA_DIR, extract it elsewhere. */
describe('backing up and restoring the embedded database (PGlite) as docs/OPERATIONS.md says', () => {
  let workDir = '';
  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('restores into a new directory an event with every change, that the server serves as before', async () => {
    workDir = await mkdtemp(join(tmpdir(), 'quits-backup-'));
    const dataDir = join(workDir, 'data');
    const restoredDir = join(workDir, 'restored');
    const archive = join(workDir, 'quits-backup.tar.gz');

    // Data written through the real server: an event, and 5 devices adding, editing and
    // deleting expenses and payments in it.
    const original = await startServerChild({ kind: 'pglite', dataDir });
    const event = await createWritersEvent(original.baseUrl, 'Backed up');
    const writers = makeWriters(original.baseUrl, event, 5, 7);
    await Promise.all(
      writers.map(async (writer) => {
        for (let change = 0; change < 10; change += 1) await writer.step();
      }),
    );
    const before = await readEvent(original.baseUrl, event.id);
    // 1. Stop the server: SIGTERM finishes the requests in flight and closes the database.
    await original.stop();

    // 2. Archive the directory; 3. extract it into a new one.
    await run('tar', ['-czf', archive, '-C', dataDir, '.']);
    await mkdir(restoredDir);
    await run('tar', ['-xzf', archive, '-C', restoredDir]);

    // 4. Start the server on the restored directory: the event is there, as it was.
    const restored = await startServerChild({ kind: 'pglite', dataDir: restoredDir });
    try {
      const after = await readEvent(restored.baseUrl, event.id);
      expect(after).toEqual(before);
      const shown = verifyEvent(after, writers);
      expect(shown.found).toBe(writers.reduce((sum, writer) => sum + writer.entries.size, 0));
      const reader = httpJson(restored.baseUrl, '00000000-0000-4000-8000-999999999994');
      expect(await checkBalances(reader, event.id, await readCurrencies(reader))).toBe('zero');
    } finally {
      await restored.stop();
    }
    const database = await openDatabase({ kind: 'pglite', dataDir: restoredDir });
    try {
      const rows = await checkEventRows(database.db, event.id);
      expect(rows.liveEntries).toBe(before.expenditures.length + before.payments.length);
    } finally {
      await database.close();
    }
  }, 600_000);
});

/**
 * docs/OPERATIONS.md, "PostgreSQL": `pg_dump -Fc`, then `pg_restore` into a new, empty
 * database (with TEST_DATABASE_URL; needs the PostgreSQL client tools on PATH).
 */
describe.each(DATABASES.filter((kind) => kind === 'postgres'))(
  'backing up and restoring %s with pg_dump and pg_restore as docs/OPERATIONS.md says',
  () => {
    it('restores into a new database an event the server serves as before', async () => {
      const source = await createPostgresDatabase();
      const target = await createPostgresDatabase();
      const dumpDir = await mkdtemp(join(tmpdir(), 'quits-pg-dump-'));
      const dump = join(dumpDir, 'quits.dump');
      try {
        const original = await startServerChild({ kind: 'postgres', url: source.url });
        const event = await createWritersEvent(original.baseUrl, 'Dumped');
        const writers = makeWriters(original.baseUrl, event, 5, 8);
        await Promise.all(
          writers.map(async (writer) => {
            for (let change = 0; change < 10; change += 1) await writer.step();
          }),
        );
        const before = await readEvent(original.baseUrl, event.id);
        await original.stop();

        await run('pg_dump', ['-Fc', '-d', source.url, '-f', dump]).catch((error: unknown) => {
          throw new Error(`pg_dump failed (are PostgreSQL's client tools on PATH?): ${error}`);
        });
        await run('pg_restore', ['--no-owner', '--no-privileges', '-d', target.url, dump]);

        const restored = await startServerChild({ kind: 'postgres', url: target.url });
        try {
          expect(await readEvent(restored.baseUrl, event.id)).toEqual(before);
        } finally {
          await restored.stop();
        }
      } finally {
        await rm(dumpDir, { recursive: true, force: true });
        await source.drop();
        await target.drop();
      }
    }, 600_000);
  },
);
