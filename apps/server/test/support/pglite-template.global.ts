import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '@server/db/connection';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an empty, migrated PGlite database that every PGlite suite starts from. */
    pgliteTemplate: string;
  }
}

const migrations = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/** Changes with any migration, so that a dump made for older migrations is never used. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrations).sort()) {
    if (name.endsWith('.sql')) hash.update(name).update(readFileSync(join(migrations, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Creating a PGlite cluster and migrating it takes seconds; loading a dump of one takes a
 * fraction of that. Made once per run (and kept between runs while the migrations are the same),
 * before any suite starts.
 */
export async function setup(project: TestProject): Promise<void> {
  const path = join(tmpdir(), `quits-pglite-template-${migrationsHash()}.tar`);
  if (!existsSync(path)) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await database.close();
    // Written aside, then renamed: a run stopped midway never leaves half a dump behind.
    const partial = `${path}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
  }
  project.provide('pgliteTemplate', path);
}
