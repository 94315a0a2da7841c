import {
  type Activity,
  type Balances,
  type ErrorBody,
  type Event,
  errorBodySchema,
  isMessageCode,
} from '@quits/contract';
import { expect } from 'vitest';
import type { ApiAnswer, ApiClient } from './test-app';

/** Asserts a refusal in the spec's error shape: the status, a readable message, an `errors` map. */
export function expectError(answer: ApiAnswer, status: number): ErrorBody {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const body = errorBodySchema.parse(answer.body);
  expect(body.message.trim()).not.toBe('');
  // Every refusal says its message by a code the app words, and each field's messages too.
  expect(isMessageCode(body.code), `code ${body.code}`).toBe(true);
  const codes = body.error_codes ?? {};
  expect(Object.keys(codes).sort()).toEqual(Object.keys(body.errors).sort());
  for (const [path, messages] of Object.entries(body.errors)) {
    expect(codes[path]?.length, path).toBe(messages.length);
    for (const said of codes[path] ?? []) expect(isMessageCode(said.code), said.code).toBe(true);
  }
  return body;
}

/** Asserts a 422 whose `errors` name `field` (a dot path) with at least one message. */
export function expectFieldError(answer: ApiAnswer, field: string): ErrorBody {
  const body = expectError(answer, 422);
  expect(Object.keys(body.errors), JSON.stringify(body.errors)).toContain(field);
  expect(body.errors[field]?.length).toBeGreaterThan(0);
  for (const message of body.errors[field] ?? []) expect(message.trim()).not.toBe('');
  return body;
}

/** Everything a write could change: the ETag (the event's version), the event, its history. */
export interface EventState {
  etag: string;
  event: Event;
  activity: Activity[];
}

export async function readState(api: ApiClient, eventId: string): Promise<EventState> {
  const answer = await api.get<{ data: Event }>(`/api/events/${eventId}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return {
    etag: String(answer.headers.etag),
    event: answer.body.data,
    activity: await readActivity(api, eventId),
  };
}

/** The newest page of the event's history. */
export async function readActivity(
  api: ApiClient,
  eventId: string,
  query = '',
): Promise<Activity[]> {
  const answer = await api.get<{ data: Activity[] }>(`/api/events/${eventId}/activity${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

export async function readBalances(api: ApiClient, eventId: string): Promise<Balances> {
  const answer = await api.get<{ data: Balances }>(`/api/events/${eventId}/balances`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

/** Each person's balance, in minor units of the event's currency, by person id. */
export function balanceOf(balances: Balances): Record<string, number> {
  return Object.fromEntries(balances.balances.map((line) => [line.user_id, line.balance]));
}

export function sumOfBalances(balances: Balances): number {
  return balances.balances.reduce((total, line) => total + line.balance, 0);
}
