import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzRequests, fuzzSeed } from './support/fuzz-settings';
import { type ServerChild, startServerChild } from './support/server-child';
import { describeSocketFuzz, runSocketFuzz } from './support/socket-fuzz-run';

const CASES = fuzzRequests(3_000);

// The server runs in a process of its own: a case that ended it must fail this test, not end
// the test runner with it.
describe('fuzzing the live-update socket and raw HTTP over real connections', () => {
  let dataDir: string;
  let server: ServerChild;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'quits-socket-fuzz-'));
    server = await startServerChild({ kind: 'pglite', dataDir });
  }, 200_000);
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(`stays up and keeps answering its health check through ${CASES} malformed requests, frames and floods`, async () => {
    const stats = await runSocketFuzz({ baseUrl: server.baseUrl, cases: CASES, seed: fuzzSeed() });
    console.log(describeSocketFuzz(stats).join('\n'));
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
});
