import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import type {
  Attachment,
  Balances,
  Event,
  EventExport,
  ExpenditureBody,
  RecurrenceBody,
  RepeatFrequencyName,
  User,
} from '@quits/contract';

/**
 * Calls the real API behind the browser's back, for what the web app cannot do yet (expenses)
 * or what a test only needs as a starting point. Sent with the spec's headers, as another
 * device would.
 */
const HEADERS = {
  'X-Requested-With': 'XMLHttpRequest',
  'Content-Type': 'application/json',
  'Device-ID': randomUUID(),
};

/** Each one's share of `amount` split among `count`; these fixtures only split evenly. */
function evenShare(amount: number, count: number): number {
  const share = amount / count;
  if (!Number.isInteger(share)) throw new Error(`${amount} does not split evenly among ${count}`);
  return share;
}

/** A fixed day, so that nothing depends on when the suite runs. */
export const EXPENSE_DATE = '2026-11-20';

export async function createEvent(
  request: APIRequestContext,
  input: {
    name: string;
    currency: string;
    people: readonly string[];
    rates?: readonly { currency_id: string; exchange_rate: number }[];
  },
): Promise<Event> {
  const response = await request.post('/api/events', {
    headers: HEADERS,
    data: {
      name: input.name,
      desc: '',
      currency_id: input.currency,
      users: input.people.map((name) => ({ name })),
      currency_rates: input.rates ?? [],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Event }).data;
}

/**
 * A GET, asked once more when its kept-alive connection was closed by the server at the moment
 * it was reused (ECONNRESET after the server's keep-alive timeout): a read may be repeated.
 */
async function read(request: APIRequestContext, url: string) {
  try {
    return await request.get(url, { headers: HEADERS });
  } catch (error) {
    if (!String(error).includes('ECONNRESET')) throw error;
    return request.get(url, { headers: HEADERS });
  }
}

export async function getEvent(request: APIRequestContext, eventId: string): Promise<Event> {
  const response = await read(request, `/api/events/${eventId}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Event }).data;
}

export async function getBalances(request: APIRequestContext, eventId: string): Promise<Balances> {
  const response = await read(request, `/api/events/${eventId}/balances`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Balances }).data;
}

/** The person called `name` in `event`; fails the test when there is none. */
export function person(event: Event, name: string): User {
  const found = event.users.find((user) => user.name === name);
  if (!found) throw new Error(`${event.name} has nobody called ${name}`);
  return found;
}

/**
 * Records an expense that `payer` paid in full and that is split evenly among `among`.
 * `amount` is in minor units of the event's currency and must divide evenly: these fixtures
 * state their shares plainly rather than re-implement the app's rounding.
 */
export async function addEvenExpense(
  request: APIRequestContext,
  event: Event,
  input: {
    title: string;
    amount: number;
    payer: string;
    among: readonly string[];
    /** Optional: the note, the date (YYYY-MM-DD), a currency other than the event's, a category. */
    desc?: string;
    date?: string;
    currency?: string;
    category?: ExpenditureBody['category'];
    /** `income`: money the group received, `payer` being who received it. */
    kind?: ExpenditureBody['kind'];
    /** Files uploaded to the event first (`uploadAttachment`). */
    attachments?: Attachment[];
  },
): Promise<void> {
  const share = evenShare(input.amount, input.among.length);
  const payer = person(event, input.payer);
  const body = {
    id: randomUUID(),
    kind: input.kind ?? 'expense',
    title: input.title,
    desc: input.desc ?? '',
    date: input.date ?? EXPENSE_DATE,
    amount: input.amount,
    currency_id: input.currency ?? event.currency_id,
    user_id: payer.id,
    category: input.category ?? null,
    payer: [{ user_id: payer.id, amount: input.amount }],
    participant: input.among.map((name) => ({ user_id: person(event, name).id, amount: share })),
    split: { mode: 'evenly' },
    ...(input.attachments ? { attachments: input.attachments } : {}),
  } satisfies ExpenditureBody;
  const response = await request.post(`/api/event/${event.id}/expenditure`, {
    headers: HEADERS,
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Uploads a file to attach to an expense or payment of the event, as the web app does. */
export async function uploadAttachment(
  request: APIRequestContext,
  event: Event,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<Attachment> {
  const response = await request.post(`/api/event/${event.id}/attachments`, {
    // Playwright writes the multipart Content-Type, with its boundary.
    headers: { 'X-Requested-With': HEADERS['X-Requested-With'], 'Device-ID': HEADERS['Device-ID'] },
    multipart: { file },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Attachment }).data;
}

/**
 * Makes a recurring expense through the API: `payer` pays `amount` for `among`, evenly, from
 * `start` on, repeating as `frequency` says; paused at once when asked.
 */
export async function addRecurrence(
  request: APIRequestContext,
  event: Event,
  input: {
    title: string;
    amount: number;
    payer: string;
    among: readonly string[];
    start: string;
    frequency: RepeatFrequencyName;
    paused?: boolean;
  },
): Promise<string> {
  const share = evenShare(input.amount, input.among.length);
  const id = randomUUID();
  const payer = person(event, input.payer).id;
  const body = {
    id,
    expense: {
      id: randomUUID(),
      title: input.title,
      desc: '',
      date: input.start,
      amount: input.amount,
      currency_id: event.currency_id,
      payer: [{ user_id: payer, amount: input.amount }],
      participant: input.among.map((name) => ({ user_id: person(event, name).id, amount: share })),
      split: { mode: 'evenly' },
    },
    repeat: { frequency: input.frequency },
  } satisfies RecurrenceBody;
  const made = await request.post(`/api/event/${event.id}/recurrences`, {
    headers: HEADERS,
    data: body,
  });
  expect(made.status(), await made.text()).toBe(201);
  if (input.paused) {
    const paused = await request.put(`/api/event/${event.id}/recurrences/${id}`, {
      headers: HEADERS,
      data: { action: 'pause' },
    });
    expect(paused.status(), await paused.text()).toBe(200);
  }
  return id;
}

/** Records a payment from `from` to `to` of `amount` minor units of the event currency. */
export async function addPayment(
  request: APIRequestContext,
  event: Event,
  input: { from: string; to: string; amount: number; title?: string },
): Promise<void> {
  const response = await request.post(`/api/event/${event.id}/payments`, {
    headers: HEADERS,
    data: {
      id: randomUUID(),
      payer_id: person(event, input.from).id,
      payee_id: person(event, input.to).id,
      amount: input.amount,
      title: input.title ?? '',
      date: EXPENSE_DATE,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Removes a person, as another device would. */
export async function removePerson(
  request: APIRequestContext,
  eventId: string,
  personId: string,
): Promise<void> {
  const response = await request.delete(`/api/event/${eventId}/users/${personId}`, {
    headers: HEADERS,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Renames a person, as another device would, saying it is `by`. */
export async function renamePerson(
  request: APIRequestContext,
  eventId: string,
  personId: string,
  name: string,
  by: string,
): Promise<void> {
  const response = await request.put(`/api/event/${eventId}/users/${personId}`, {
    headers: { ...HEADERS, 'Who-Am-I': by },
    data: { name },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** An event's JSON export (`GET …/export?format=json`), as a file to change and import. */
export async function exportEvent(
  request: APIRequestContext,
  eventId: string,
): Promise<EventExport> {
  const response = await read(request, `/api/events/${eventId}/export?format=json`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as EventExport;
}

/**
 * A new event from an export file, in one request: how a test that needs thousands of entries
 * gets them in a second instead of thousands of writes (the import is tested with the server's).
 */
export async function importEvent(request: APIRequestContext, file: EventExport): Promise<Event> {
  const response = await request.post('/api/events/import', { headers: HEADERS, data: file });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Event }).data;
}
