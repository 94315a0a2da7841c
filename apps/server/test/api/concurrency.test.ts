import { randomUUID } from 'node:crypto';
import type { Event } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { readActivity, readBalances, sumOfBalances } from '../support/api-checks';
import {
  createEvent,
  expenseBody,
  paymentBody,
  personId,
  proposedEventId,
} from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

describe.each(DATABASES)('concurrent writes on %s', (kind) => {
  const started = useTestApp(kind);

  it('lands every one of 20 expenses created at the same time in one event', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const ids = event.users.map((user) => user.id);
    const bodies = Array.from({ length: 20 }, (_, index) =>
      expenseBody({ payer: ids[index % 3] as string, among: ids, amount: 1000 + index * 37 }),
    );
    // Each from its own device, as twenty phones would send them.
    const answers = await Promise.all(
      bodies.map((body) =>
        apiClient(started().app).post(`/api/event/${event.id}/expenditure`, body),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(bodies.map(() => 201));

    const read = await api.get<{ data: Event }>(`/api/events/${event.id}`);
    expect(read.body.data.expenditures).toHaveLength(20);
    expect(new Set(read.body.data.expenditures.map((expense) => expense.id))).toEqual(
      new Set(bodies.map((body) => body.id)),
    );
    expect(sumOfBalances(await readBalances(api, event.id))).toBe(0);
    const created = (await readActivity(api, event.id)).filter(
      (row) => row.entity === 'expenditure',
    );
    expect(created).toHaveLength(20);
  });

  it('creates an expense exactly once when 10 replays of it arrive at the same time', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const ids = event.users.map((user) => user.id);
    const body = expenseBody({ payer: ids[0] as string, among: ids, amount: 4500 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api.post(`/api/event/${event.id}/expenditure`, body)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const bodies = answers.map((answer) => answer.body);
    for (const answer of bodies) expect(answer).toEqual(bodies[0]);

    const read = await api.get<{ data: Event }>(`/api/events/${event.id}`);
    expect(read.body.data.expenditures.map((expense) => expense.id)).toEqual([body.id]);
    const rows = (await readActivity(api, event.id)).filter((row) => row.entity_id === body.id);
    expect(rows.map((row) => row.action)).toEqual(['created']);
  });

  it('adds a person exactly once when the same add arrives 5 times at once', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    const id = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.post('/api/users', { id, event_id: event.id, name: 'Ben' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const read = await api.get<{ data: Event }>(`/api/events/${event.id}`);
    expect(read.body.data.users.map((user) => user.name)).toEqual(['Ana', 'Ben']);
  });

  it('creates an event exactly once when the same create arrives 5 times at once', async () => {
    const api = apiClient(started().app);
    const id = proposedEventId();
    const body = { id, name: 'Offline trip', currency_id: 'EUR', users: [{ name: 'Ana' }] };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.post('/api/events', body)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const read = await api.get<{ data: Event }>(`/api/events/${id}`);
    expect(read.body.data.users.map((user) => user.name)).toEqual(['Ana']);
  });

  it('keeps balances summing to zero while expenses and payments race', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const [ana, ben, chloe] = ['Ana', 'Ben', 'Chloé'].map((name) => personId(event, name)) as [
      string,
      string,
      string,
    ];
    const url = `/api/event/${event.id}`;
    const writes = Array.from({ length: 10 }, (_, index) =>
      index % 2 === 0
        ? api.post(
            `${url}/expenditure`,
            expenseBody({ payer: ana, among: [ana, ben, chloe], amount: 999 + index }),
          )
        : api.post(`${url}/payments`, paymentBody({ from: ben, to: chloe, amount: 100 + index })),
    );
    const answers = await Promise.all(writes);
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    const read = await api.get<{ data: Event }>(`/api/events/${event.id}`);
    expect(read.body.data.expenditures.length + read.body.data.payments.length).toBe(10);
    expect(sumOfBalances(await readBalances(api, event.id))).toBe(0);
  });
});
