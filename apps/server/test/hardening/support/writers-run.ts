import type { Event } from '@quits/contract';
import type { Database } from '@server/db/connection';
import { checkBalances, readCurrencies } from './balance-check';
import { checkEventRows } from './event-consistency';
import { httpJson } from './http-json';
import { seededRandom } from './seeded-random';
import { verifyEvent, Writer } from './writer';

export interface WritersOptions {
  /** `http://127.0.0.1:<port>` of a listening server. */
  baseUrl: string;
  /** The server's database, to read the event's rows directly. */
  db: Database;
  writers: number;
  changesPerWriter: number;
  seed: number;
}

export interface WritersOutcome {
  writers: number;
  /** Changes acknowledged (each one committed a change: none repeats the last). */
  acknowledged: number;
  /** Expenses and payments written, each found as last acknowledged. */
  entries: number;
  found: number;
  liveEntries: number;
  durationMs: number;
}

/** A device id per writer, the same in every run. */
export const deviceOf = (index: number) =>
  `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

/** An event with six people, created over HTTP; its id and people. */
export async function createWritersEvent(baseUrl: string, name: string) {
  const call = httpJson(baseUrl, deviceOf(999_999));
  const answer = await call('POST', '/api/events', {
    name,
    currency_id: 'EUR',
    users: ['Ana', 'Ben', 'Chloé', 'Dan', 'Eva', 'Femi'].map((person) => ({ name: person })),
  });
  if (answer.status !== 201) throw new Error(`creating the event answered ${answer.status}`);
  const event = (answer.body as { data: Event }).data;
  return { id: event.id, people: event.users.map((user) => user.id) };
}

/** Writers for one event, each with its own device and its own seeded choices. */
export function makeWriters(
  baseUrl: string,
  event: { id: string; people: readonly string[] },
  count: number,
  seed: number,
  firstIndex = 0,
): Writer[] {
  return Array.from({ length: count }, (_, offset) => {
    const index = firstIndex + offset;
    return new Writer(
      index,
      httpJson(baseUrl, deviceOf(index)),
      event,
      seededRandom(seed * 1_000 + index),
    );
  });
}

/**
 * `writers` devices at once, each sending `changesPerWriter` changes (adding, editing and
 * deleting its own expenses and payments) to one event over real HTTP, so that the server's
 * connections and the database's really interleave. Then checks that the event holds exactly
 * the acknowledged changes, that the event's version moved once per change and its history
 * has one row per change, that no row is half-written, and that the balances sum to zero.
 */
export async function runConcurrentWriters(options: WritersOptions): Promise<WritersOutcome> {
  const { baseUrl, db } = options;
  const started = performance.now();
  const event = await createWritersEvent(baseUrl, 'Fifty writers');
  const before = await checkEventRows(db, event.id);
  const writers = makeWriters(baseUrl, event, options.writers, options.seed);

  await Promise.all(
    writers.map(async (writer) => {
      for (let change = 0; change < options.changesPerWriter; change += 1) await writer.step();
    }),
  );

  const reader = httpJson(baseUrl, deviceOf(999_998));
  const read = await reader('GET', `/api/events/${event.id}`);
  if (read.status !== 200) throw new Error(`reading the event answered ${read.status}`);
  const verification = verifyEvent((read.body as { data: Event }).data, writers);
  const entries = writers.reduce((total, writer) => total + writer.entries.size, 0);
  if (verification.found !== entries) {
    throw new Error(`${entries} entries written, ${verification.found} found as acknowledged`);
  }
  const acknowledged = writers.reduce((total, writer) => total + writer.acknowledged, 0);
  const after = await checkEventRows(db, event.id);
  if (after.version - before.version !== acknowledged) {
    throw new Error(
      `${acknowledged} changes moved the version by ${after.version - before.version}`,
    );
  }
  if (after.activities - before.activities !== acknowledged) {
    throw new Error(
      `${acknowledged} changes wrote ${after.activities - before.activities} history rows`,
    );
  }
  const verdict = await checkBalances(reader, event.id, await readCurrencies(reader));
  if (verdict !== 'zero') throw new Error(`the balances could not be summed: ${verdict}`);
  return {
    writers: writers.length,
    acknowledged,
    entries,
    found: verification.found,
    liveEntries: after.liveEntries,
    durationMs: performance.now() - started,
  };
}
