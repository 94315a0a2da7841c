import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fuzzSeed } from '../apps/server/test/hardening/support/fuzz-settings';
import { startServerChild } from '../apps/server/test/hardening/support/server-child';
import {
  describeSocketFuzz,
  runSocketFuzz,
  type SocketFuzzStats,
} from '../apps/server/test/hardening/support/socket-fuzz-run';

type Progress = (line: string) => void;

/** Ten times the cases of `npm test` (SOCKET_FUZZ_CASES changes it). */
const CASES = Number(process.env.SOCKET_FUZZ_CASES || 30_000);
/** A new seed each run (printed): FUZZ_SEED replays one. */
const SEED = process.env.FUZZ_SEED ? fuzzSeed() : Date.now() % 1_000_000_000;

export type SocketFuzzOutcome = { stats: SocketFuzzStats } | { note: string };

/** The run failed, the server stopped answering its health check, or answered a 5xx. */
export function socketFuzzFailed(outcome: SocketFuzzOutcome): boolean {
  if ('note' in outcome) return true;
  const { stats } = outcome;
  const serverErrors = [...stats.outcomes.keys()].some((answer) => /^HTTP 5/.test(answer));
  return stats.health.failures > 0 || serverErrors || stats.cases !== CASES;
}

/**
 * The socket and raw HTTP fuzz of `apps/server/test/hardening/socket-fuzz.test.ts`, longer: the
 * server as `npm start` runs it, in a process of its own on PGlite in a new directory, and its
 * health asked every 100 ms throughout.
 */
export async function runSocketFuzzBench(progress: Progress): Promise<SocketFuzzOutcome> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quits-socket-fuzz-bench-'));
  try {
    const server = await startServerChild({ kind: 'pglite', dataDir });
    try {
      const stats = await runSocketFuzz({
        baseUrl: server.baseUrl,
        cases: CASES,
        seed: SEED,
        progress,
      });
      return { stats };
    } finally {
      await server.stop();
    }
  } catch (error) {
    return { note: `the run failed: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function printSocketFuzz(outcome: SocketFuzzOutcome): void {
  console.log('\nSocket and raw HTTP fuzz (bench/socket-fuzz-bench.ts):');
  if ('note' in outcome) console.log(outcome.note);
  else for (const line of describeSocketFuzz(outcome.stats)) console.log(line);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runSocketFuzzBench((line) => console.log(line)).then(
    (outcome) => {
      printSocketFuzz(outcome);
      process.exit(socketFuzzFailed(outcome) ? 1 : 0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
