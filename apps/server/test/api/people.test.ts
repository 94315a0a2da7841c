import { randomUUID } from 'node:crypto';
import { type Event, LIMITS, type User, userSchema } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { expectError, expectFieldError, readState } from '../support/api-checks';
import { createEvent, expenseBody, paymentBody, personId } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

describe.each(DATABASES)('people on %s', (kind) => {
  const started = useTestApp(kind);

  it('adds a person, and a replay with the same id answers 200 with that person', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    const id = randomUUID();
    const added = await api.post<{ data: User }>('/api/users', {
      id,
      event_id: event.id,
      name: 'Chloé',
    });
    expect(added.status).toBe(201);
    expect(userSchema.parse(added.body.data)).toEqual({
      id,
      event_id: event.id,
      name: 'Chloé',
      presence: [],
      default_weight: 1,
    });
    const before = await readState(api, event.id);
    expect(before.event.users.map((user) => user.name)).toEqual(['Ana', 'Chloé']);

    const replay = await api.post<{ data: User }>('/api/users', {
      id,
      event_id: event.id,
      name: 'Chloé',
    });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(added.body.data);
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('adds a person without a client id and gives them a UUID', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    const added = await api.post<{ data: User }>('/api/users', { event_id: event.id, name: 'Ben' });
    expect(added.status).toBe(201);
    expect(added.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a second person with the same name, whatever the case', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const before = await readState(api, event.id);
    const body = expectFieldError(
      await api.post('/api/users', { event_id: event.id, name: 'ana' }),
      'name',
    );
    expect(body.errors.name?.[0]).toMatch(/already/i);
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('refuses a person with no name, a name over 50 characters, or no event', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    expectFieldError(await api.post('/api/users', { event_id: event.id, name: '  ' }), 'name');
    expectFieldError(
      await api.post('/api/users', { event_id: event.id, name: 'x'.repeat(51) }),
      'name',
    );
    expectFieldError(await api.post('/api/users', { name: 'Ben' }), 'event_id');
    expectFieldError(
      await api.post('/api/users', { event_id: event.id, name: 'Ben', id: 'nope' }),
      'id',
    );
    const body = expectError(
      await api.post('/api/users', { event_id: 'A'.repeat(22), name: 'Ben' }),
      404,
    );
    expect(body.message).toMatch(/event/i);
  });

  it('refuses a person id that already belongs to another event with 409', async () => {
    const api = apiClient(started().app);
    const first = await createEvent(api, ['Ana']);
    const second = await createEvent(api, ['Ben']);
    const id = personId(first, 'Ana');
    expectError(await api.post('/api/users', { id, event_id: second.id, name: 'Ana' }), 409);
  });

  it('renames a person with PUT, and refuses a name someone else has', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const ben = personId(event, 'Ben');
    const renamed = await api.put<{ data: User }>(`/api/event/${event.id}/users/${ben}`, {
      name: 'Benjamin',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual({
      id: ben,
      event_id: event.id,
      name: 'Benjamin',
      presence: [],
      default_weight: 1,
    });
    const read = await api.get<{ data: Event }>(`/api/events/${event.id}`);
    expect(read.body.data.users.map((user) => user.name)).toEqual(['Ana', 'Benjamin']);

    expectFieldError(await api.put(`/api/event/${event.id}/users/${ben}`, { name: 'ANA' }), 'name');
    expectError(
      await api.put(`/api/event/${event.id}/users/${randomUUID()}`, { name: 'Nobody' }),
      404,
    );
  });

  it('refuses to remove a person still in an expense, and removes them once it is deleted', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben', 'Chloé']);
    const [ana, chloe] = [personId(event, 'Ana'), personId(event, 'Chloé')];
    const expense = expenseBody({ payer: ana, among: [ana, chloe], amount: 3000 });
    expect((await api.post(`/api/event/${event.id}/expenditure`, expense)).status).toBe(201);
    const before = await readState(api, event.id);

    const refused = expectError(await api.del(`/api/event/${event.id}/users/${chloe}`), 409);
    expect(refused.message).toContain('Chloé');
    expect(await readState(api, event.id)).toEqual(before);

    expect((await api.del(`/api/event/${event.id}/expenditure/${expense.id}`)).status).toBe(200);
    const removed = await api.del<{ data: User }>(`/api/event/${event.id}/users/${chloe}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ id: chloe, name: 'Chloé' });
    const read = await api.get<{ data: Event }>(`/api/events/${event.id}`);
    expect(read.body.data.users.map((user) => user.name)).toEqual(['Ana', 'Ben']);

    const again = await api.del<{ data: User }>(`/api/event/${event.id}/users/${chloe}`);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(removed.body.data);
  });

  it('refuses to remove a person who pays or receives a payment', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const payment = paymentBody({ from: ben, to: ana, amount: 500 });
    expect((await api.post(`/api/event/${event.id}/payments`, payment)).status).toBe(201);
    const before = await readState(api, event.id);
    expectError(await api.del(`/api/event/${event.id}/users/${ben}`), 409);
    expectError(await api.del(`/api/event/${event.id}/users/${ana}`), 409);
    expect(await readState(api, event.id)).toEqual(before);

    expect((await api.del(`/api/event/${event.id}/payments/${payment.id}`)).status).toBe(200);
    expect((await api.del(`/api/event/${event.id}/users/${ben}`)).status).toBe(200);
  });

  it('does not let a removed person be named in a new expense', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    expect((await api.del(`/api/event/${event.id}/users/${ben}`)).status).toBe(200);
    const expense = expenseBody({ payer: ana, among: [ana, ben], amount: 2000 });
    expectFieldError(
      await api.post(`/api/event/${event.id}/expenditure`, expense),
      'participant.1.user_id',
    );
  });

  it(`holds at most ${LIMITS.maxPeople} people in an event`, async () => {
    const api = apiClient(started().app);
    const names = Array.from({ length: LIMITS.maxPeople }, (_, index) => `Person ${index + 1}`);
    const event = await createEvent(api, names);
    expect(event.users).toHaveLength(LIMITS.maxPeople);
    const before = await readState(api, event.id);

    const refused = expectError(
      await api.post('/api/users', { event_id: event.id, name: 'One too many' }),
      422,
    );
    expect(refused.message).toContain(String(LIMITS.maxPeople));
    expect(Object.keys(refused.errors).length).toBeGreaterThan(0);
    expect(await readState(api, event.id)).toEqual(before);

    expectFieldError(
      await api.post('/api/events', {
        name: 'Too big',
        currency_id: 'EUR',
        users: [...names, 'Extra'].map((name) => ({ name })),
      }),
      'users',
    );
  });
});
