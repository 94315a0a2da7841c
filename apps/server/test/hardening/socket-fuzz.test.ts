import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, DATABASES } from '../support/test-app';
import { fuzzRequests, fuzzSeed } from './support/fuzz-settings';
import { type ServerChild, type ServerData, startServerChild } from './support/server-child';
import { describeSocketFuzz, runSocketFuzz } from './support/socket-fuzz-run';

const CASES = fuzzRequests(3_000);

/** A new PGlite directory or a new PostgreSQL database, and the way to remove it. */
async function freshData(kind: string): Promise<{ data: ServerData; remove(): Promise<void> }> {
  if (kind === 'postgres') {
    const database = await createPostgresDatabase();
    return { data: { kind: 'postgres', url: database.url }, remove: () => database.drop() };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'quits-socket-fuzz-'));
  return {
    data: { kind: 'pglite', dataDir },
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}

// The server runs in a process of its own: a case that ended it must fail this test, not end
// the test runner with it.
describe.each(DATABASES)(
  'fuzzing the live-update socket and raw HTTP over real connections, on %s',
  (kind) => {
    let fresh: Awaited<ReturnType<typeof freshData>> | undefined;
    let server: ServerChild | undefined;

    beforeAll(async () => {
      fresh = await freshData(kind);
      server = await startServerChild(fresh.data);
    }, 200_000);
    afterAll(async () => {
      await server?.stop();
      await fresh?.remove();
    });

    it(`stays up and keeps answering its health check through ${CASES} malformed requests, frames and floods`, async () => {
      if (!server) throw new Error('the server did not start');
      const stats = await runSocketFuzz({
        baseUrl: server.baseUrl,
        cases: CASES,
        seed: fuzzSeed(),
      });
      console.log(
        describeSocketFuzz(stats)
          .map((line) => `${kind}: ${line}`)
          .join('\n'),
      );
      const serverErrors = [...stats.outcomes.keys()].filter((outcome) => /^HTTP 5/.test(outcome));
      expect(stats.health.failures, server.output()).toBe(0);
      expect(serverErrors).toEqual([]);
      expect(stats.cases).toBe(CASES);
      // Each kind of case ran, and the server refused what it had to with the right codes.
      expect(Object.values(stats.byKind).every((count) => count > 0)).toBe(true);
      for (const expected of ['HTTP 400', 'pong', 'close 1002', 'close 1009', 'close 4100']) {
        expect(stats.outcomes.get(expected) ?? 0, expected).toBeGreaterThan(0);
      }
      const after = await fetch(`${server.baseUrl}/api/health`);
      expect(after.status).toBe(200);
    }, 180_000);
  },
);
