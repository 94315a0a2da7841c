import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { buildApp } from '@server/app';
import { readConfig } from '@server/config';
import { openDatabase } from '@server/db/connection';
import { broadcastsOf, eventChannel } from '@server/realtime/broadcasts';
import type { EventChange } from '@server/realtime/change-feed';
import type { FastifyInstance } from 'fastify';
import { seededRandom } from '../apps/server/test/hardening/support/seeded-random';
import { pgliteDatabase } from './support/databases';
import { randomExpense } from './support/expense-fixture';
import { markdownTable, type Table, textTable } from './support/table';

/**
 * What one change costs, before (every device reads the whole event again) and after (each
 * applies the live message in place; one that missed some asks for the changes since its
 * version), on events of 200 and 2,000 expenses among 12 people. Bytes are the bodies as the
 * server sends them to a client that accepts gzip, and the live message as the Pusher frame
 * carries it. Everything runs in this process through `app.inject` (no port is opened).
 */

const SIZES = [200, 2_000] as const;
const PEOPLE = 12;
const DEVICES = 50;
const MISSED = 5;
/** CPU is the median of this many changes, each fanned out to every device. */
const ROUNDS = 5;
const GOALS = { change: 2_048, catchUp: 10_240 };

const ENVIRONMENT: NodeJS.ProcessEnv = {
  RATE_LIMIT_WRITES_PER_DEVICE: '1000000000',
  RATE_LIMIT_WRITES_PER_IP: '1000000000',
  RATE_LIMIT_HEAVY_READS_PER_IP: '1000000000',
};

interface Figures {
  entries: number;
  /** Bytes one device receives for one change made elsewhere. */
  changeBefore: number;
  changeAfter: number;
  /** Bytes of the catch-up after MISSED changes. */
  catchUpBefore: number;
  catchUpAfter: number;
  /** Server CPU ms for one change and its fan-out to DEVICES devices. */
  cpuBefore: number;
  cpuAfter: number;
  /** The same, were every device to ask for the changes rather than apply the message. */
  cpuAfterAsking: number;
}

const headers = (deviceId: string) => ({
  'x-requested-with': 'XMLHttpRequest',
  'device-id': deviceId,
  'accept-encoding': 'gzip',
});

async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<{ status: number; bytes: number; json: () => unknown }> {
  const response = await app.inject({
    method,
    url,
    headers: {
      ...headers(DEVICE),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return {
    status: response.statusCode,
    bytes: response.rawPayload.length,
    json: () => {
      const packed = response.headers['content-encoding'] === 'gzip';
      const text = packed ? gunzipSync(response.rawPayload).toString('utf8') : response.body;
      return JSON.parse(text) as unknown;
    },
  };
}

const DEVICE = randomUUID();

/** The Pusher frames of one change, as the built-in broadcaster writes them to each socket. */
function frameBytes(app: FastifyInstance, change: EventChange, withVersion: boolean): number {
  const stamp = { version: change.version, parts: change.activities.length, at: change.at };
  const origin = { device: app.devices.of(change.eventId, change.deviceId), userId: null };
  let bytes = 0;
  for (const { name, data } of broadcastsOf(change.activities, origin, stamp)) {
    const { version: _v, parts: _p, at: _a, ...old } = data;
    const frame = JSON.stringify({
      event: name,
      channel: eventChannel(change.eventId),
      data: JSON.stringify(withVersion ? data : old),
    });
    bytes += Buffer.byteLength(frame);
  }
  return bytes;
}

const cpuMs = async (work: () => Promise<void>): Promise<number> => {
  const start = process.cpuUsage();
  await work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

async function measureSize(app: FastifyInstance, entries: number): Promise<Figures> {
  const random = seededRandom(entries);
  const created = await call(app, 'POST', '/api/events', {
    name: `Bench ${entries}`,
    currency_id: 'EUR',
    users: Array.from({ length: PEOPLE }, (_, index) => ({ name: `Person ${index + 1}` })),
    currency_rates: [{ currency_id: 'USD', exchange_rate: 0.92 }],
  });
  const event = (created.json() as { data: { id: string; users: { id: string }[] } }).data;
  const people = event.users.map((user) => user.id);
  const addExpense = async () => {
    const answer = await call(
      app,
      'POST',
      `/api/event/${event.id}/expenditure`,
      randomExpense(random, people),
    );
    if (answer.status !== 201) throw new Error(`a change answered ${answer.status}`);
  };
  for (let done = 0; done < entries; done += 25) {
    await Promise.all(Array.from({ length: Math.min(25, entries - done) }, addExpense));
  }
  const readWhole = () => call(app, 'GET', `/api/events/${event.id}`);
  const version = async () =>
    ((await readWhole()).json() as { data: { version: number } }).data.version;
  const changesSince = (since: number) =>
    call(app, 'GET', `/api/events/${event.id}/changes?since=${since}`);

  // One change made elsewhere: its live message, and (before) the whole event read again.
  let heard: EventChange | null = null;
  const stop = app.changes.subscribe((change) => {
    heard = change;
  });
  await addExpense();
  stop();
  const change = heard as EventChange | null;
  if (!change) throw new Error('the change was not heard');
  const whole = await readWhole();
  const changeBefore = frameBytes(app, change, false) + whole.bytes;
  const changeAfter = frameBytes(app, change, true);

  // Five changes missed, then the device catches up.
  const held = await version();
  for (let missed = 0; missed < MISSED; missed++) await addExpense();
  const catchUpBefore = (await readWhole()).bytes;
  const caughtUp = await changesSince(held);
  const catchUpAfter = caughtUp.bytes;

  const fanOut = async (each: (since: number) => Promise<unknown>) => {
    const rounds: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const since = await version();
      rounds.push(
        await cpuMs(async () => {
          await addExpense();
          for (let device = 0; device < DEVICES; device++) await each(since);
        }),
      );
    }
    return median(rounds);
  };
  const cpuBefore = await fanOut(() => readWhole());
  // The message is built once per change and written to every socket as it is.
  const cpuAfter = await fanOut(async () => {});
  const cpuAfterAsking = await fanOut((since) => changesSince(since));
  return {
    entries,
    changeBefore,
    changeAfter,
    catchUpBefore,
    catchUpAfter,
    cpuBefore,
    cpuAfter,
    cpuAfterAsking,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const times = (before: number, after: number) => `${(before / Math.max(after, 1e-9)).toFixed(0)}×`;
const goal = (bytes: number, limit: number) => (bytes <= limit ? 'met' : 'MISSED');

export function changesTable(figures: readonly Figures[]): Table {
  const rows: string[][] = [];
  for (const f of figures) {
    const size = `${f.entries.toLocaleString('en-US')} entries`;
    rows.push(
      [
        size,
        'bytes per device per change',
        kb(f.changeBefore),
        kb(f.changeAfter),
        times(f.changeBefore, f.changeAfter),
        `≤ 2 KB: ${goal(f.changeAfter, GOALS.change)}`,
      ],
      [
        size,
        `catch-up after ${MISSED} missed changes`,
        kb(f.catchUpBefore),
        kb(f.catchUpAfter),
        times(f.catchUpBefore, f.catchUpAfter),
        `≤ 10 KB: ${goal(f.catchUpAfter, GOALS.catchUp)}`,
      ],
      [
        size,
        `server CPU, 1 change to ${DEVICES} devices`,
        ms(f.cpuBefore),
        ms(f.cpuAfter),
        times(f.cpuBefore, f.cpuAfter),
        `each device asking the changes instead: ${ms(f.cpuAfterAsking)}`,
      ],
    );
  }
  return {
    header: ['event', 'what', 'before (whole read)', 'after (in place)', 'ratio', 'note'],
    rows,
  };
}

export type ChangesOutcome = { figures: Figures[] } | { failed: string };

/** Both sizes on a fresh PGlite, in this process. */
export async function runChangesBench(progress: (line: string) => void): Promise<ChangesOutcome> {
  const database = await pgliteDatabase();
  const handle = await openDatabase(database.target);
  try {
    const app = await buildApp({
      config: readConfig(ENVIRONMENT),
      database: handle,
      logger: false,
    });
    try {
      const figures: Figures[] = [];
      for (const entries of SIZES) {
        progress(`changes: an event of ${entries} entries`);
        figures.push(await measureSize(app, entries));
      }
      return { figures };
    } finally {
      await app.close();
    }
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  } finally {
    await handle.close();
    await database.drop();
  }
}

export function changesSection(outcome: ChangesOutcome): string {
  const title = '## Changes in place (`bench/changes-bench.ts`)';
  if ('failed' in outcome) return `${title}\n\nThe run failed: ${outcome.failed}`;
  return `${title}

One change made on another device, on events of 200 and 2,000 expenses among ${PEOPLE} people
(PGlite, in process). Before: every device reads the whole event again (gzip, as served) after
the live message. After: it applies the live message in place, and a device that missed ${MISSED}
changes asks \`GET /api/events/{id}/changes?since=N\`. Server CPU is the median of ${ROUNDS}
changes, each with what ${DEVICES} devices then ask for; the live message, built once and written
to each socket in both cases, is not counted here (see Live updates).

${markdownTable(changesTable(outcome.figures))}`;
}

/** Puts the section in place of the one already in the report (or before "Domain"). */
function replaceSection(report: string, section: string): string {
  const start = report.indexOf('\n## Changes in place');
  if (start >= 0) {
    const end = report.indexOf('\n## ', start + 1);
    return `${report.slice(0, start + 1)}${section}\n${end >= 0 ? report.slice(end) : ''}`;
  }
  const domain = report.indexOf('\n## Domain');
  if (domain < 0) return `${report.trimEnd()}\n\n${section}\n`;
  return `${report.slice(0, domain + 1)}${section}\n\n${report.slice(domain + 1)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outcome = await runChangesBench((line) => console.log(line));
  if ('failed' in outcome) {
    console.error(`changes bench failed: ${outcome.failed}`);
    process.exit(1);
  }
  console.log(textTable(changesTable(outcome.figures)));
  const path = fileURLToPath(new URL('../docs/BENCHMARKS.md', import.meta.url));
  await writeFile(path, replaceSection(await readFile(path, 'utf8'), changesSection(outcome)));
  console.log(`Wrote ${path}`);
  process.exit(0);
}
