import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, DATABASES } from '../support/test-app';
import { runCrashes } from './support/crash-run';
import type { ServerData } from './support/server-child';

const KILLS = 3;
const WRITERS = 8;
const CHANGES_PER_ROUND = 60;

/** A new PGlite directory or a new PostgreSQL database, and the way to remove it. */
async function freshData(kind: string): Promise<{ data: ServerData; remove(): Promise<void> }> {
  if (kind === 'postgres') {
    const database = await createPostgresDatabase();
    return { data: { kind: 'postgres', url: database.url }, remove: () => database.drop() };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'quits-crash-'));
  return {
    data: { kind: 'pglite', dataDir },
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}

describe.each(DATABASES)('the server killed with SIGKILL under a write load, on %s', (kind) => {
  it(`keeps every acknowledged change and no half of one through ${KILLS} kills and restarts`, async () => {
    const { data, remove } = await freshData(kind);
    try {
      const outcome = await runCrashes({
        data,
        kills: KILLS,
        writers: WRITERS,
        changesPerRound: CHANGES_PER_ROUND,
        seed: 3,
        progress: (line) => console.log(`${kind}: ${line}`),
      });
      console.log(
        `${kind}: ${outcome.kills} kills, ${outcome.acknowledgedBeforeKills} changes acknowledged, ` +
          `${outcome.foundAfterRestarts} entries found as acknowledged after restarts, ` +
          `${outcome.inFlightAtKills} in flight at kills (${outcome.inFlightApplied} applied, ` +
          `the rest not at all), ${outcome.entries} entries at the end, ` +
          `${(outcome.durationMs / 1000).toFixed(1)} s`,
      );
      expect(outcome.kills).toBe(KILLS);
      expect(outcome.acknowledgedBeforeKills).toBeGreaterThanOrEqual(KILLS * CHANGES_PER_ROUND);
      expect(outcome.inFlightAtKills).toBeGreaterThan(0);
    } finally {
      await remove();
    }
  }, 600_000);
});
