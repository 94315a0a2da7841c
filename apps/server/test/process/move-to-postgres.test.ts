import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { lockDataFolder } from '@server/db/data-folder-lock';
import { afterAll, describe, expect, it } from 'vitest';
import { eventAtItsLink, seedEvent } from '../support/backup-world';
import { createPostgresDatabase, pgliteTemplate, startAppOn } from '../support/test-app';

const run = promisify(execFile);
const root = new URL('../../../../', import.meta.url).pathname;

async function moveToPostgres(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'move-to-postgres'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** With TEST_DATABASE_URL: a new PostgreSQL database is made for the move, and dropped after. */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'moving the embedded database to PostgreSQL',
  () => {
    const cleanUps: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanUp of cleanUps.reverse()) await cleanUp();
    });

    it('npm run move-to-postgres copies everything with its ids: the same links open the same events, with their history and files', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'quits-move-'));
      cleanUps.push(() => rm(folder, { recursive: true, force: true }));
      const dataDir = join(folder, 'data');
      const source = await startAppOn({ kind: 'pglite', dataDir, template: pgliteTemplate() }, {});
      const { event } = await seedEvent(source.app);
      const before = await eventAtItsLink(source.app, event.id);
      expect(before.status).toBe(200);
      expect(before.files).toHaveLength(1);
      await source.close();

      const target = await createPostgresDatabase();
      cleanUps.push(() => target.drop());
      const env = { DATA_DIR: dataDir, DATABASE_URL: target.url };
      // A server holding the folder could change it after the copy: the move waits for its stop.
      const held = await lockDataFolder(dataDir);
      const refused = await moveToPostgres(env);
      held.release();
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('Stop the server first');

      const moved = await moveToPostgres(env);
      expect(moved.code, moved.output).toBe(0);
      expect(moved.output).toContain('every count and sum matches');
      expect(moved.output).toMatch(/rows of events +1\n/);
      expect(moved.output).toMatch(/expenses in EUR +12845\n/);
      expect(moved.output).toMatch(/expenses in USD +999\n/);
      expect(moved.output).toMatch(/payments in EUR +4000\n/);

      const served = await startAppOn({ kind: 'postgres', url: target.url, poolSize: 2 }, {});
      try {
        expect(await eventAtItsLink(served.app, event.id)).toEqual(before);
      } finally {
        await served.close();
      }
    }, 180_000);
  },
);
