import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  /** What the job does, for the log: "purging deleted events". */
  name: string;
  everyMs: number;
  /** The first run's delay after the start: soon, but not in the way of the start itself. */
  firstAfterMs: number;
  log: FastifyBaseLogger;
  run(): Promise<void>;
}

/**
 * Runs a job now and then, outside any request: a failed run (the database away for a moment)
 * is logged and the next one tries again, and a slow run is never started twice over. Answers
 * the function that stops it, which waits for a run under way (the database closes after it).
 */
export function startPeriodicJob(job: PeriodicJob): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= job
      .run()
      .catch((error: unknown) => {
        job.log.error({ err: error }, `${job.name} failed; the next run tries again`);
      })
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, Math.min(job.everyMs, job.firstAfterMs));
  const every = setInterval(run, job.everyMs);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
