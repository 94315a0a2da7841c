import { randomUUID } from 'node:crypto';
import type { Event } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { expectError, readState } from '../support/api-checks';
import { expenseBody, proposedEventId } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

/** A create as the web app sends it: its own event id and its own people's ids. */
function createBody() {
  return {
    id: proposedEventId(),
    name: 'Offline trip',
    desc: 'Made on the train',
    currency_id: 'EUR',
    users: [
      { id: randomUUID(), name: 'Ana' },
      { id: randomUUID(), name: 'Ben' },
    ],
    currency_rates: [{ currency_id: 'USD', exchange_rate: 0.92 }],
  };
}

describe.each(DATABASES)('creating an event with an id already in use on %s', (kind) => {
  const started = useTestApp(kind);

  it('answers the event to the same create sent again, even after the event changed', async () => {
    const api = apiClient(started().app);
    const body = createBody();
    const [ana, ben] = body.users.map((person) => person.id);
    expect((await api.post('/api/events', body)).status).toBe(201);
    expect((await api.put(`/api/event/${body.id}/users/${ben}`, { name: 'Benjamin' })).status).toBe(
      200,
    );
    const expense = expenseBody({ payer: String(ana), among: [String(ana)], amount: 500 });
    expect((await api.post(`/api/event/${body.id}/expenditure`, expense)).status).toBe(201);
    const before = await readState(api, body.id);

    const replay = await api.post<{ data: Event }>('/api/events', body);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(before.event);
    expect(await readState(api, body.id)).toEqual(before);
  });

  it('refuses any other create with that id, telling nothing of the event', async () => {
    const api = apiClient(started().app);
    const body = createBody();
    expect((await api.post('/api/events', body)).status).toBe(201);
    const before = await readState(api, body.id);

    const others = [
      { id: body.id, name: 'Guess', currency_id: 'EUR' },
      { ...body, name: 'Other trip' },
      { ...body, currency_rates: [] },
      { ...body, users: body.users.slice(0, 1) },
      { ...body, users: [...body.users, { id: randomUUID(), name: 'Chloé' }] },
      { ...body, users: body.users.map((person) => ({ ...person, id: randomUUID() })) },
      { ...body, users: [...body.users].reverse() },
    ];
    for (const other of others) {
      const refused = expectError(await api.post('/api/events', other), 409);
      expect(refused.message).toContain('new id');
      const told = JSON.stringify(refused);
      for (const secret of ['Offline trip', 'train', 'Ana', 'Ben', body.users[0]?.id]) {
        expect(told).not.toContain(secret);
      }
    }
    expect(await readState(api, body.id)).toEqual(before);
  });

  it('answers the same create without people ids by the names, in order', async () => {
    const api = apiClient(started().app);
    const body = {
      id: proposedEventId(),
      name: 'Curl trip',
      currency_id: 'EUR',
      users: [{ name: 'Ana' }],
    };
    expect((await api.post('/api/events', body)).status).toBe(201);
    expect((await api.post('/api/events', body)).status).toBe(200);
    expectError(await api.post('/api/events', { ...body, users: [{ name: 'Zoé' }] }), 409);
  });
});
