import type { FieldErrors } from '@server/http/http-error';
import { HttpError } from '@server/http/http-error';
import { Piscina } from 'piscina';
import type { TaskInput, TaskName, TaskOutput } from './work-tasks';

/** Threads doing CPU work at once: the machine's main thread keeps serving besides them. */
const THREADS = 2;
/** Tasks waiting for a thread at most; one more is refused with WorkBusyError (a 503). */
const MAX_QUEUE = 8;
/**
 * The heap a task may use (MB): a statement of 10,000 entries or an import of 50,000 takes a
 * few hundred; past this the thread is stopped, not the process.
 */
const MAX_HEAP_MB = 768;
/** A thread with nothing to do for this long (ms) ends, and gives its memory back. */
const IDLE_MS = 60_000;
/**
 * How much lower the threads' scheduling priority is than the main thread's (Linux `nice`):
 * on a machine with few cores, the thread that answers everyone else comes first.
 */
const NICE_INCREMENT = 10;

/** Thrown when the pool's queue is full; the client is asked to come back later. */
export class WorkBusyError extends Error {
  override name = 'WorkBusyError';
}

/** Thrown when a task took longer than it may, ran out of memory, or its thread failed. */
export class WorkFailedError extends Error {
  override name = 'WorkFailedError';
}

/** What a task answers across the thread: its value, or the 4xx it refused its input with. */
export type TaskAnswer<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      refused: {
        statusCode: number;
        said: HttpError['said'];
        errors: FieldErrors;
        details: Record<string, unknown>;
      };
    };

/**
 * Worker threads for work whose cost grows with what a client sends (a statement, an import's
 * parsing and planning), so that no request holds the main thread's event loop. Each task has
 * a time limit, every thread a heap limit, and the queue a bound: past it the caller gets a
 * WorkBusyError at once instead of a growing wait. Threads start on the first task.
 */
export class WorkPool {
  #pool: Piscina | null = null;

  /** Runs a task (see work-tasks.ts) off the main thread; a refusal comes back as its HttpError. */
  async run<N extends TaskName>(
    task: N,
    input: TaskInput<N>,
    options: { timeoutMs: number },
  ): Promise<TaskOutput<N>> {
    const pool = this.#started();
    if (pool.queueSize >= MAX_QUEUE) throw new WorkBusyError('the work queue is full');
    let answer: TaskAnswer<TaskOutput<N>>;
    try {
      answer = await pool.run({ task, input }, { signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      if (error instanceof Error && /queue is at limit/i.test(error.message)) {
        throw new WorkBusyError('the work queue is full');
      }
      throw new WorkFailedError(`${task} failed off the main thread`, { cause: error });
    }
    if (answer.ok) return answer.value;
    const { statusCode, said, errors, details } = answer.refused;
    throw new HttpError(statusCode, said, errors, details);
  }

  /** Stops the threads (tasks in flight are abandoned). */
  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = null;
    await pool?.destroy();
  }

  #started(): Piscina {
    this.#pool ??= new Piscina({
      filename: new URL('./pool-worker.mjs', import.meta.url).href,
      name: 'run',
      minThreads: 0,
      maxThreads: THREADS,
      maxQueue: MAX_QUEUE,
      idleTimeout: IDLE_MS,
      niceIncrement: NICE_INCREMENT,
      resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB },
    });
    return this.#pool;
  }
}
