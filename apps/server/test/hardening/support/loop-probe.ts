/** How often the cheap request is sent while a heavy one is served (ms). */
const PROBE_EVERY_MS = 50;

export interface ProbeFigures {
  /** Cheap requests answered. */
  count: number;
  /** Cheap requests that got no answer (counted in the waits until they failed). */
  failed: number;
  /** Milliseconds from when each was due to its answer: the 50th, 99th and largest. */
  p50: number;
  p99: number;
  max: number;
}

function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/**
 * Sends `GET /api/health` (cheap: a `select 1`) every 50 ms while `heavy` runs, and says what
 * each waited. A wait counts from when the request was due, not from when it left: a probe
 * that this process could only send late still counts the stall that held it up.
 */
export async function probeWhile(
  baseUrl: string,
  heavy: () => Promise<void>,
): Promise<ProbeFigures> {
  const waits: number[] = [];
  let failed = 0;
  const pending: Promise<void>[] = [];
  let running = true;
  const started = performance.now();
  let due = started;
  const loop = (async () => {
    while (running) {
      const dueAt = due;
      pending.push(
        fetch(`${baseUrl}/api/health`)
          .then((answer) => answer.arrayBuffer())
          .catch(() => {
            failed += 1;
          })
          .then(() => {
            waits.push(performance.now() - dueAt);
          }),
      );
      due += PROBE_EVERY_MS;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    }
  })();
  try {
    await heavy();
  } finally {
    running = false;
    await loop;
    await Promise.all(pending);
  }
  const sorted = [...waits].sort((a, b) => a - b);
  return {
    count: sorted.length,
    failed,
    p50: Math.round(percentile(sorted, 0.5)),
    p99: Math.round(percentile(sorted, 0.99)),
    max: Math.round(sorted.at(-1) ?? 0),
  };
}

/** Runs `send` from `clients` loops at once until `durationMs` has passed since the start. */
export async function keepSending(
  clients: number,
  durationMs: number,
  send: (client: number, round: number) => Promise<void>,
): Promise<void> {
  const until = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let round = 0; performance.now() < until; round += 1) await send(client, round);
    }),
  );
}
