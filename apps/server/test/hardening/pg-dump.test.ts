import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Event } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, DATABASES } from '../support/test-app';
import { httpJson } from './support/http-json';
import { startServerChild } from './support/server-child';
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
