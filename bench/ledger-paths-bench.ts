/**
 * How many random multi-currency events differ by each path of their money (issue 34): the
 * preview of importing an event's own export, the imported copy's balances, and the copy's
 * export against the original's. A measurement, not a check (the check is
 * apps/server/test/api/ledger-paths.test.ts): it counts over many more events than a test can
 * afford, on PGlite through HTTP.
 *
 * Run: npm run bench:ledger   (LEDGER_COUNT=N events, 50 by default; seed 34)
 */
import { randomUUID } from 'node:crypto';
import type { Balances, Event, EventExport, ImportPreview } from '@quits/contract';
import fc from 'fast-check';
import {
  contentOf,
  eventBodyOf,
  eventPlan,
  expenseBodyOf,
  paymentBodiesOf,
} from '../apps/server/test/support/random-event-plan';
import { postJson, specHeaders } from './support/api';
import { startApp } from './support/app-server';
import { pgliteDatabase } from './support/databases';

const SAMPLES = Number(process.env.LEDGER_COUNT ?? 50);
const device = randomUUID();

/** Each person's balance by name, in a text that compares whatever the rows' order. */
const byName = (rows: readonly (readonly [string | undefined, number])[]) =>
  JSON.stringify([...rows].sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0)));

async function getJson<T>(url: string): Promise<T> {
  const answer = await fetch(url, { headers: specHeaders(device) });
  if (!answer.ok) throw new Error(`GET ${new URL(url).pathname} → ${answer.status}`);
  return (await answer.json()) as T;
}

async function main(): Promise<void> {
  const database = await pgliteDatabase();
  const app = await startApp(database);
  const api = `${app.baseUrl}/api`;
  const post = async <T>(path: string, body: unknown) =>
    (await postJson<T>(`${api}${path}`, body, device)).data;
  const balancesOf = async (event: Event) => {
    const name = new Map(event.users.map((user) => [user.id, user.name]));
    const { data } = await getJson<{ data: Balances }>(`${api}/events/${event.id}/balances`);
    return byName(data.balances.map((row) => [name.get(row.user_id), row.balance] as const));
  };
  try {
    const differ = { preview: 0, copy: 0, reexport: 0 };
    const started = performance.now();
    for (const plan of fc.sample(eventPlan, { numRuns: SAMPLES, seed: 34 })) {
      const event = await post<Event>('/events', eventBodyOf(plan));
      const people = event.users.map((user) => user.id);
      for (const expense of plan.expenses) {
        await post(`/event/${event.id}/expenditure`, expenseBodyOf(expense, people, plan.currency));
      }
      for (const body of paymentBodiesOf(plan, people)) {
        await post(`/event/${event.id}/payments`, body);
      }
      const balances = await balancesOf(event);
      const file = await getJson<EventExport>(`${api}/events/${event.id}/export?format=json`);
      const preview = await post<ImportPreview>('/events/import?dry_run=true', file);
      const previewed = byName(preview.people.map((row) => [row.name, row.balance] as const));
      if (previewed !== balances) differ.preview++;
      const copy = await post<Event>('/events/import', file);
      if ((await balancesOf(copy)) !== balances) differ.copy++;
      const again = await getJson<EventExport>(`${api}/events/${copy.id}/export?format=json`);
      if (JSON.stringify(contentOf(again)) !== JSON.stringify(contentOf(file))) differ.reexport++;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`of ${SAMPLES} random events (${seconds} s), differing:`, differ);
  } finally {
    await app.close();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('ledger-paths-bench failed:', error);
    process.exit(1);
  },
);
