import type { Event } from '@quits/contract';
import { type DatabaseTarget, openDatabase } from '@server/db/connection';
import { checkBalances, readCurrencies } from './balance-check';
import { checkEventRows, type EventRecord } from './event-consistency';
import { httpJson, NoAnswerError } from './http-json';
import { type ServerData, startServerChild } from './server-child';
import type { Writer } from './writer';
import { verifyEvent } from './writer';
import { createWritersEvent, deviceOf, makeWriters } from './writers-run';

export interface CrashOptions {
  data: ServerData;
  kills: number;
  writers: number;
  /** Changes acknowledged in a round before the kill (the kill comes while more are sent). */
  changesPerRound: number;
  seed: number;
  progress?: (line: string) => void;
}

export interface CrashOutcome {
  kills: number;
  /** Changes acknowledged before the last kill. */
  acknowledgedBeforeKills: number;
  /**
   * Entries (expenses and payments) checked after a restart and found as last acknowledged,
   * summed over the restarts (every one of them, or the run throws).
   */
  foundAfterRestarts: number;
  /** Changes in flight at a kill: sent before it, never answered. */
  inFlightAtKills: number;
  /** Of those, found applied after the restart (the rest were not, and none half). */
  inFlightApplied: number;
  /** Every entry (expense or payment) written, checked at the end after every replay. */
  entries: number;
  durationMs: number;
}

const KILL_WAIT_LIMIT_MS = 120_000;

const databaseTarget = (data: ServerData): DatabaseTarget =>
  data.kind === 'pglite'
    ? { kind: 'pglite', dataDir: data.dataDir }
    : { kind: 'postgres', url: data.url, poolSize: 2 };

/**
 * Opens the data the killed server left, in this process (for PGlite: the recovery a restart
 * does), and checks the event's rows: nothing half-written, and the version moved exactly once
 * for each history row since the start (each change writes one).
 */
async function checkRows(data: ServerData, eventId: string, start: EventRecord): Promise<void> {
  const database = await openDatabase(databaseTarget(data));
  try {
    const now = await checkEventRows(database.db, eventId);
    if (now.version - start.version !== now.activities - start.activities) {
      throw new Error(
        `the version moved by ${now.version - start.version} for ` +
          `${now.activities - start.activities} history rows`,
      );
    }
  } finally {
    await database.close();
  }
}

async function readEvent(baseUrl: string, eventId: string): Promise<Event> {
  const answer = await httpJson(baseUrl, '00000000-0000-4000-8000-999999999997')(
    'GET',
    `/api/events/${eventId}`,
  );
  if (answer.status !== 200) throw new Error(`reading the event answered ${answer.status}`);
  return (answer.body as { data: Event }).data;
}

/** Each writer sends changes until the server stops answering it. */
async function writeUntilCut(writers: readonly Writer[]): Promise<void> {
  await Promise.all(
    writers.map(async (writer) => {
      for (;;) {
        try {
          await writer.step();
        } catch (error) {
          if (error instanceof NoAnswerError) return;
          throw error;
        }
      }
    }),
  );
}

const total = (writers: readonly Writer[]) =>
  writers.reduce((sum, writer) => sum + writer.acknowledged, 0);

const pendingEntries = (writers: readonly Writer[]) =>
  writers.flatMap((writer) => [...writer.entries.values()].filter((entry) => entry.pending));

/**
 * The real server in a child process under a write load from `writers` devices, killed with
 * SIGKILL `kills` times in the middle of it and started again on the same data. After each
 * kill: the rows are whole; after each restart: every acknowledged change is there, each change
 * in flight is there wholly or not at all, and then every device sends its unanswered change
 * again, as the app's offline queue does. At the end every entry is as acknowledged and the
 * balances sum to zero.
 */
export async function runCrashes(options: CrashOptions): Promise<CrashOutcome> {
  const { data } = options;
  const started = performance.now();
  const outcome: CrashOutcome = {
    kills: 0,
    acknowledgedBeforeKills: 0,
    foundAfterRestarts: 0,
    inFlightAtKills: 0,
    inFlightApplied: 0,
    entries: 0,
    durationMs: 0,
  };
  let server = await startServerChild(data);
  const event = await createWritersEvent(server.baseUrl, 'Crash drill');
  const writers = makeWriters(server.baseUrl, event, options.writers, options.seed);
  await server.stop();
  const database = await openDatabase(databaseTarget(data));
  const start = await checkEventRows(database.db, event.id).finally(() => database.close());

  for (let round = 0; round < options.kills; round += 1) {
    server = await startServerChild(data);
    if (round > 0) {
      const shown = verifyEvent(await readEvent(server.baseUrl, event.id), writers);
      outcome.foundAfterRestarts += shown.found;
      outcome.inFlightApplied += shown.pendingApplied;
    }
    // The devices now talk to the new process, and first send what was never answered.
    reconnect(writers, server.baseUrl);
    for (const writer of writers) await writer.replayPending();
    const before = total(writers);

    const load = writeUntilCut(writers);
    const deadline = Date.now() + KILL_WAIT_LIMIT_MS;
    while (total(writers) - before < options.changesPerRound && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const killedAt = performance.now();
    await server.kill();
    await load;
    // The others were sent after the kill, to nobody.
    const inFlight = pendingEntries(writers).filter((entry) => entry.pendingSince < killedAt);
    outcome.kills += 1;
    outcome.acknowledgedBeforeKills = total(writers);
    outcome.inFlightAtKills += inFlight.length;
    await checkRows(data, event.id, start);
    options.progress?.(
      `kill ${round + 1}: ${total(writers)} changes acknowledged so far, ${inFlight.length} in flight`,
    );
  }

  // The last start: the last kill's changes checked, every unanswered change sent again.
  server = await startServerChild(data);
  try {
    const shown = verifyEvent(await readEvent(server.baseUrl, event.id), writers);
    outcome.foundAfterRestarts += shown.found;
    outcome.inFlightApplied += shown.pendingApplied;
    reconnect(writers, server.baseUrl);
    for (const writer of writers) await writer.replayPending();
    const final = verifyEvent(await readEvent(server.baseUrl, event.id), writers);
    outcome.entries = final.found;
    if (final.pendingApplied > 0 || pendingEntries(writers).length > 0) {
      throw new Error('a change is still unanswered after every replay');
    }
    const reader = httpJson(server.baseUrl, '00000000-0000-4000-8000-999999999996');
    const verdict = await checkBalances(reader, event.id, await readCurrencies(reader));
    if (verdict !== 'zero') throw new Error(`the balances could not be summed: ${verdict}`);
  } finally {
    await server.stop();
  }
  await checkRows(data, event.id, start);
  outcome.durationMs = performance.now() - started;
  return outcome;
}

/** The same devices (with their records of what was acknowledged), at the new address. */
function reconnect(writers: readonly Writer[], baseUrl: string): void {
  for (const writer of writers) writer.reconnect(httpJson(baseUrl, deviceOf(writer.index)));
}
