import type { Balances, Event, EventExport, ImportPreview } from '@quits/contract';
import { eventExportSchema } from '@quits/contract';
import { expect } from 'vitest';
import { type EventPlan, eventBodyOf, expenseBodyOf, paymentBodiesOf } from './random-event-plan';
import type { ApiClient } from './test-app';

export { contentOf, type EventPlan, eventPlan } from './random-event-plan';

/** Creates the planned event through the API and answers it as read back. */
export async function createPlannedEvent(api: ApiClient, plan: EventPlan): Promise<Event> {
  const created = await api.post<{ data: Event }>('/api/events', eventBodyOf(plan));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const event = created.body.data;
  const people = event.users.map((user) => user.id);
  for (const expense of plan.expenses) {
    const body = expenseBodyOf(expense, people, plan.currency);
    const answer = await api.post(`/api/event/${event.id}/expenditure`, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }
  for (const body of paymentBodiesOf(plan, people)) {
    const answer = await api.post(`/api/event/${event.id}/payments`, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }
  return event;
}

/** Each person's balance by name, in minor units of the event currency. */
export async function balancesByName(
  api: ApiClient,
  event: Event,
): Promise<Record<string, number>> {
  const answer = await api.get<{ data: Balances }>(`/api/events/${event.id}/balances`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const name = new Map(event.users.map((user) => [user.id, user.name]));
  return Object.fromEntries(
    answer.body.data.balances.map((row) => [name.get(row.user_id) ?? row.user_id, row.balance]),
  );
}

export async function exportJson(api: ApiClient, eventId: string): Promise<EventExport> {
  const answer = await api.get<EventExport>(`/api/events/${eventId}/export?format=json`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return eventExportSchema.parse(answer.body);
}

export async function previewByName(
  api: ApiClient,
  file: EventExport,
): Promise<Record<string, number>> {
  const answer = await api.post<{ data: ImportPreview }>('/api/events/import?dry_run=true', file);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Object.fromEntries(answer.body.data.people.map((row) => [row.name, row.balance]));
}

export async function importCopy(api: ApiClient, file: EventExport): Promise<Event> {
  const answer = await api.post<{ data: Event }>('/api/events/import', file);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}
