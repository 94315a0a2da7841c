/**
 * Heavy reads: imports one large event (40,000 expenses, about 29 MB of JSON) into a real
 * server process on 127.0.0.1, then fires a burst of concurrent JSON exports of it while
 * polling `/api/health`. Prints the server's peak memory during the burst and the slowest
 * health answer, against the slowest health answer of the same server at rest.
 *
 * Run: npm run bench:reads   (BENCH_READS_EXPENSES, BENCH_READS_EXPORTS to change the sizes)
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { EXPORT_FORMAT, EXPORT_VERSION } from '@quits/contract';
import { randomExpense } from './support/expense-fixture';
import { startServerProcess } from './support/server-process';

/** Limits out of reach: the burst is what is measured, not the limiter's refusals. */
const OUT_OF_REACH = '1000000000';
const HEALTH_EVERY_MS = 50;
const HEALTH_AT_REST = 40;
/** Past this the burst is cut short and reported as such. */
const BURST_TIMEOUT_MS = 180_000;

function count(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a count`);
  return value;
}

/** A seeded random, so that every run imports the same event. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function exportFile(expenses: number) {
  const random = seeded(16);
  const people = Array.from({ length: 12 }, (_, index) => ({
    id: randomUUID(),
    name: `Person ${index + 1}`,
  }));
  const ids = people.map((person) => person.id);
  const expenditures = Array.from({ length: expenses }, () => {
    const { user_id, ...expense } = randomExpense(random, ids);
    return { ...expense, user_id, created_at: '2026-11-20T10:00:00.000Z' };
  });
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: new Date().toISOString(),
    event: { name: 'Bench', desc: '', image: null, currency_id: 'EUR', currency_rates: [] },
    people,
    expenditures,
    payments: [],
  };
}

/** Resident memory of a process, in MB (Linux). */
async function residentMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kilobytes / 1024;
}

async function healthMs(baseUrl: string): Promise<number> {
  const started = performance.now();
  const answer = await fetch(`${baseUrl}/api/health`);
  await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`health answered ${answer.status}`);
  return performance.now() - started;
}

/** Reads an answer's body to its end without keeping it; resolves its status and size. */
async function drain(answer: Response): Promise<{ status: number; bytes: number }> {
  let bytes = 0;
  if (answer.body) for await (const chunk of answer.body) bytes += chunk.length;
  return { status: answer.status, bytes };
}

async function main(): Promise<void> {
  const expenses = count('BENCH_READS_EXPENSES', 40_000);
  const exports = count('BENCH_READS_EXPORTS', 70);
  const server = await startServerProcess({
    RATE_LIMIT_HEAVY_READS_PER_IP: OUT_OF_REACH,
    RATE_LIMIT_UPLOADS_PER_IP: OUT_OF_REACH,
    RATE_LIMIT_UPLOADS_PER_DEVICE: OUT_OF_REACH,
  });
  try {
    const body = JSON.stringify(exportFile(expenses));
    console.log(`importing ${expenses} expenses (${(body.length / 1e6).toFixed(1)} MB)…`);
    const imported = await fetch(`${server.baseUrl}/api/events/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'device-id': randomUUID() },
      body,
    });
    const created = (await imported.json()) as { data?: { id: string }; message?: string };
    if (!created.data) throw new Error(`import answered ${imported.status}: ${created.message}`);
    const url = `${server.baseUrl}/api/events/${created.data.id}/export`;

    const atRest: number[] = [];
    for (let probe = 0; probe < HEALTH_AT_REST; probe++)
      atRest.push(await healthMs(server.baseUrl));
    const restRss = await residentMegabytes(server.pid);

    let burstOver = false;
    let peakRss = restRss;
    const during: number[] = [];
    const poll = (async () => {
      while (!burstOver) {
        const [latency, rss] = await Promise.all([
          healthMs(server.baseUrl).catch(() => Number.POSITIVE_INFINITY),
          residentMegabytes(server.pid),
        ]);
        during.push(latency);
        peakRss = Math.max(peakRss, rss);
        await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
      }
    })();
    const started = performance.now();
    const burst = Promise.all(
      Array.from({ length: exports }, () =>
        fetch(url, { signal: AbortSignal.timeout(BURST_TIMEOUT_MS) })
          .then(drain)
          // A cut connection is counted (as status 0), not the end of the run.
          .catch(() => ({ status: 0, bytes: 0 })),
      ),
    );
    const answers = await burst.finally(() => {
      burstOver = true;
    });
    const burstMs = performance.now() - started;
    await poll;

    const alive = await healthMs(server.baseUrl).then(
      () => 'answers',
      () => 'does not answer',
    );
    const statuses = new Map<number, number>();
    for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const worstRest = Math.max(...atRest);
    const worstDuring = Math.max(...during);
    console.log(`\n${exports} concurrent JSON exports of a ${expenses}-expense event`);
    console.log(`  after the burst the server ${alive}`);
    console.log(
      `  answers (0: connection cut): ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}`,
    );
    console.log(
      `  file: ${((answers[0]?.bytes ?? 0) / 1e6).toFixed(1)} MB; burst ${burstMs.toFixed(0)} ms`,
    );
    console.log(`  server RSS: ${restRss.toFixed(0)} MB at rest, ${peakRss.toFixed(0)} MB at peak`);
    console.log(
      `  /api/health: worst ${worstRest.toFixed(1)} ms at rest, worst ${worstDuring.toFixed(1)} ms during the burst (${during.length} probes) = ${(worstDuring / worstRest).toFixed(1)} × at rest`,
    );
  } finally {
    await server.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('npm run bench:reads failed:', error);
    process.exit(1);
  },
);
