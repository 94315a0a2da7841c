import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PairResult, PairSpec } from './load-spec';

const workerPath = fileURLToPath(new URL('./load-worker.ts', import.meta.url));
/** The worker is TypeScript too: it loads through tsx, found from here rather than the cwd. */
const tsxLoader = import.meta.resolve('tsx');

type WorkerAnswer = { ok: true; result: PairResult } | { ok: false; error: string };

/**
 * Runs one measurement (the app and its bare bound) with autocannon in a child process. On 2
 * cores, running it in the server's process would make the server and the load generator
 * share one event loop.
 */
export function runLoad(spec: PairSpec): Promise<PairResult> {
  // Bounded: a stuck load process is killed well after it should have finished.
  const limitMs = (2 * (spec.warmupSeconds + spec.durationSeconds) + 30) * 1000;
  return new Promise((resolve, reject) => {
    const child = fork(workerPath, [], { execArgv: ['--import', tsxLoader], stdio: 'inherit' });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`load on ${spec.appUrl} did not finish within ${limitMs / 1000} s`));
    }, limitMs);
    child.once('message', (answer: WorkerAnswer) => {
      clearTimeout(timer);
      if (answer.ok) resolve(answer.result);
      else reject(new Error(`load on ${spec.appUrl} failed: ${answer.error}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`load process exited with ${code} before answering`));
    });
    child.send(spec);
  });
}
