import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Event } from '@quits/contract';
import { buildApp } from '@server/app';
import { runAttachmentSweep } from '@server/attachments/attachment-sweep';
import { readConfig } from '@server/config';
import { type DatabaseHandle, executeRows, openDatabase } from '@server/db/connection';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedDataFolder } from '../support/server-process';
import { createPostgresDatabase, DATABASES } from '../support/test-app';

const MB = 1024 * 1024;
const FILES = 100;

/** Bytes on disk under `path` (what `du` counts), on PGlite. */
function folderBytes(path: string): number {
  return Number(execFileSync('du', ['-sb', path]).toString().split('\t')[0]) || 0;
}

describe.each(DATABASES)('space given back after the attachment sweep, on %s', (kind) => {
  let folder: string | null = null;
  let dropDatabase: () => Promise<void> = async () => {};
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let eventId: string;

  beforeAll(async () => {
    if (kind === 'pglite') {
      folder = await mkdtemp(join(tmpdir(), 'quits-space-'));
      seedDataFolder(folder, inject('pgliteTemplate'));
      database = await openDatabase({ kind: 'pglite', dataDir: folder });
    } else {
      const fresh = await createPostgresDatabase();
      dropDatabase = fresh.drop;
      database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 2 });
    }
    app = await buildApp({
      config: readConfig({ RATE_LIMITS: 'off', DATA_DIR: folder ?? './data' }),
      database,
      logger: false,
    });
    const created = await app.inject({
      method: 'POST',
      url: '/api/events',
      payload: { name: 'Trip', currency_id: 'EUR', users: [{ name: 'Ana' }] },
    });
    eventId = created.json<{ data: Event }>().data.id;
    // The files below are made by SQL and would compress to nothing; photos and PDFs do not.
    await database.db.execute(
      sql`ALTER TABLE attachments ALTER COLUMN content SET STORAGE EXTERNAL`,
    );
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await dropDatabase();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  /** 100 files of 1 MB, uploaded two days ago and listed by no entry: the sweep's to delete. */
  async function storeFiles(round: number): Promise<void> {
    for (let batch = 0; batch < FILES / 10; batch += 1) {
      await database.db.execute(sql`
        INSERT INTO attachments (id, event_id, content, content_type, name, bytes, created_at)
        SELECT gen_random_uuid(), ${eventId},
               decode(repeat(md5(${`${round}-${batch}-`} || g::text), ${MB / 16}), 'hex'),
               'image/jpeg', 'photo.jpg', ${MB}, now() - interval '2 days'
        FROM generate_series(1, 10) g`);
    }
  }

  async function tableBytes(): Promise<number> {
    const [row] = await executeRows<{ bytes: string }>(
      database.db,
      sql`SELECT pg_total_relation_size('attachments') AS bytes`,
    );
    return Number(row?.bytes);
  }

  it('deleting 100 MB of files twice over gives their room back each time', async () => {
    const tableAtStart = await tableBytes();
    const folderAtStart = folder ? folderBytes(folder) : 0;
    const folderAfter: number[] = [];
    for (const round of [1, 2]) {
      await storeFiles(round);
      expect(await tableBytes()).toBeGreaterThan(tableAtStart + (FILES - 1) * MB);
      const started = Date.now();
      expect(await runAttachmentSweep(app.db, app.reclaimSpace, app.log)).toBe(FILES);
      const table = await tableBytes();
      console.log(
        `${kind}, round ${round}: the sweep and its vacuum took ${Date.now() - started} ms; ` +
          `the table ${(tableAtStart / MB).toFixed(1)} MB at start, ${(table / MB).toFixed(1)} MB after` +
          (folder
            ? `; the folder ${(folderAtStart / MB).toFixed(0)} MB at start, ${(folderBytes(folder) / MB).toFixed(0)} MB after (its log ${(folderBytes(join(folder, 'pg_wal')) / MB).toFixed(0)} MB)`
            : ''),
      );
      expect(table).toBeLessThan(tableAtStart + 4 * MB);
      if (folder) folderAfter.push(folderBytes(folder));
    }
    // The folder grows once by PGlite's log segments, kept for reuse (64 MB at most, 16 MB at
    // start), and the second round stores in the room the first gave back.
    if (folder) {
      const [first = 0, second = 0] = folderAfter;
      expect(first).toBeLessThan(folderAtStart + 56 * MB);
      expect(second).toBeLessThan(first + 4 * MB);
    }
  }, 60_000);
});
