import { randomUUID } from 'node:crypto';
import { seededRandom } from '../apps/server/test/hardening/support/seeded-random';
import { getRaw, specHeaders } from './support/api';
import { startApp } from './support/app-server';
import { startBareServer } from './support/bare-server';
import type { BenchDatabase } from './support/databases';
import { randomExpense } from './support/expense-fixture';
import { runLoad } from './support/load';
import { ID_PLACEHOLDER, type PairSpec } from './support/load-spec';
import type { LoadSettings, Measurement, MeasurementId } from './support/measurement';
import { createEvent, type SeededEvent, seedEvent } from './support/seed';

type Progress = (line: string) => void;

/** `GET /api/events/{id}` against the app, alternated with the same bytes from a bare route. */
async function measureGet(
  baseUrl: string,
  database: BenchDatabase,
  event: SeededEvent,
  id: MeasurementId,
  settings: LoadSettings,
): Promise<Measurement> {
  const headers = specHeaders(randomUUID());
  const url = `${baseUrl}/api/events/${event.id}`;
  // Seeding changed the event after it was cached: this first read builds it from the database.
  const first = await getRaw(url, headers);
  const parsed = JSON.parse(first.body.toString('utf8')) as { data?: { expenditures?: unknown[] } };
  const count = parsed.data?.expenditures?.length;
  if (first.status !== 200 || count !== event.expenses) {
    throw new Error(`GET ${id} answered ${first.status} with ${count} expenses`);
  }
  const bareServer = await startBareServer(first.body, first.bodyHeaders);
  try {
    const spec: PairSpec = {
      appUrl: url,
      bareUrl: bareServer.url,
      method: 'GET',
      headers,
      ...settings,
    };
    const { app, bare } = await runLoad(spec);
    return {
      database: database.label,
      id,
      label: `GET event, ${event.userIds.length} people / ${count.toLocaleString('en-US')} expenses`,
      connections: settings.connections,
      app,
      bare,
      bodyBytes: first.body.length,
      coldReadMs: first.elapsedMs,
    };
  } finally {
    await bareServer.close();
  }
}

/** Creating an expense (a new id each request) in a fresh 4-person event, beside a bare POST. */
export async function measureCreate(
  baseUrl: string,
  database: BenchDatabase,
  connections: number,
  settings: LoadSettings,
): Promise<Measurement> {
  const deviceId = randomUUID();
  const event = await createEvent(baseUrl, 4, deviceId);
  const body = { ...randomExpense(seededRandom(7), event.userIds), id: ID_PLACEHOLDER };
  const bodyTemplate = JSON.stringify(body);
  const bareServer = await startBareServer(Buffer.alloc(0));
  try {
    const { app, bare } = await runLoad({
      appUrl: `${baseUrl}/api/event/${event.id}/expenditure`,
      bareUrl: bareServer.url,
      method: 'POST',
      headers: { ...specHeaders(deviceId), 'content-type': 'application/json' },
      ...settings,
      connections,
      bodyTemplate,
    });
    return {
      database: database.label,
      id: connections === 1 ? 'create-1' : 'create-10',
      label: `Create an expense (${body.participant.length} participants)`,
      connections,
      app,
      bare,
      bodyBytes: Buffer.byteLength(bodyTemplate),
    };
  } finally {
    await bareServer.close();
  }
}

/**
 * Every HTTP measurement on one database: the real app in this process, seeded through its
 * API, each figure beside its bare bound.
 */
export async function runHttpBench(
  database: BenchDatabase,
  settings: LoadSettings,
  progress: Progress,
): Promise<{ serverVersion: string; measurements: Measurement[] }> {
  const running = await startApp(database);
  try {
    const seedStarted = performance.now();
    const small = await seedEvent(running.baseUrl, { people: 4, expenses: 200, seed: 1 });
    const large = await seedEvent(running.baseUrl, { people: 50, expenses: 2_000, seed: 2 });
    const seconds = ((performance.now() - seedStarted) / 1000).toFixed(1);
    progress(`${database.label}: seeded 2,200 expenses through the API in ${seconds} s`);

    const measurements: Measurement[] = [];
    const record = (measurement: Measurement) => {
      measurements.push(measurement);
      const { app, bare } = measurement;
      progress(
        `${database.label}: ${measurement.label}, ${measurement.connections} conn: ` +
          `${Math.round(app.requestsPerSecond)} req/s (bare ${Math.round(bare.requestsPerSecond)})`,
      );
    };
    record(await measureGet(running.baseUrl, database, small, 'get-200', settings));
    record(await measureGet(running.baseUrl, database, large, 'get-2000', settings));
    record(await measureCreate(running.baseUrl, database, 1, settings));
    record(await measureCreate(running.baseUrl, database, 10, settings));
    return { serverVersion: running.serverVersion, measurements };
  } finally {
    await running.close();
  }
}
