import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEvent, expenseBody, paymentBody, personId } from '../support/fixtures';
import {
  type ApiClient,
  apiClient,
  DATABASES,
  startTestApp,
  type TestApp,
} from '../support/test-app';
import { type Heard, listen, listenTo, pusherClient, WAIT_MS } from './realtime-support';

const names = (heard: readonly Heard[]) => heard.map((message) => message.name);

describe.each(DATABASES)('live updates of an event on %s', (kind) => {
  let started: TestApp;
  let api: ApiClient;
  let port: number;
  let authUrl: string;
  const clients: Pusher[] = [];

  const client = () => {
    const pusher = pusherClient({ key: 'quits', port, authUrl });
    clients.push(pusher);
    return pusher;
  };

  beforeAll(async () => {
    started = await startTestApp(kind);
    api = apiClient(started.app);
    const served = await listen(started.app);
    port = served.port;
    authUrl = `${served.baseUrl}/api/broadcasting/auth`;
  });
  afterEach(() => {
    for (const pusher of clients.splice(0)) pusher.disconnect();
  });
  afterAll(async () => {
    await started?.close();
  });

  it("sends a change to both of the event's clients and not to a client of another event", async () => {
    const trip = await createEvent(api);
    const other = await createEvent(api, ['Dan']);
    const ana = personId(trip, 'Ana');
    const first = await listenTo(client(), `private-event.${trip.id}`);
    const second = await listenTo(client(), `private-event.${trip.id}`);
    const elsewhere = await listenTo(client(), `private-event.${other.id}`);

    const expense = expenseBody({ payer: ana, among: [ana], amount: 1200, title: 'Taxi' });
    const written = await api.post(`/api/event/${trip.id}/expenditure`, expense, {
      'who-am-i': ana,
    });
    expect(written.status).toBe(201);

    for (const heard of [first, second]) {
      await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: WAIT_MS, interval: 10 });
      expect(heard[0]).toMatchObject({
        name: 'ExpenseCreated',
        data: {
          entity: { id: expense.id, title: 'Taxi', amount: 1200, event_id: trip.id },
          device_id: started.app.devices.of(trip.id, api.deviceId),
          user_id: ana,
        },
      });
      // The device's own id would let anyone who listens write in its name.
      expect(JSON.stringify(heard[0])).not.toContain(api.deviceId);
    }
    // One server sends in order: a change to the other event arriving first means none leaked.
    const dan = personId(other, 'Dan');
    await api.post(
      `/api/event/${other.id}/expenditure`,
      expenseBody({ payer: dan, among: [dan], amount: 5 }),
    );
    await vi.waitFor(() => expect(elsewhere).toHaveLength(1), { timeout: WAIT_MS, interval: 10 });
    expect(elsewhere[0]?.data.entity).toMatchObject({ event_id: other.id });
    expect(elsewhere[0]?.data.user_id).toBeNull();
  });

  it('names every kind of change and carries the entity after it, or before it for a delete', async () => {
    const trip = await createEvent(api);
    const [ana, ben] = [personId(trip, 'Ana'), personId(trip, 'Ben')];
    const heard = await listenTo(client(), `private-event.${trip.id}`);
    const base = `/api/event/${trip.id}`;

    const expense = expenseBody({ payer: ana, among: [ana, ben], amount: 1000, title: 'Lunch' });
    await api.post(`${base}/expenditure`, expense);
    await api.post(`${base}/expenditure`, { ...expense, title: 'Late lunch' });
    await api.del(`${base}/expenditure/${expense.id}`);
    const payment = paymentBody({ from: ben, to: ana, amount: 500 });
    await api.post(`${base}/payments`, payment);
    await api.post(`${base}/payments`, { ...payment, amount: 600 });
    await api.del(`${base}/payments/${payment.id}`);
    const zoe = await api.post<{ data: { id: string } }>('/api/users', {
      event_id: trip.id,
      name: 'Zoé',
    });
    await api.put(`/api/event/${trip.id}/users/${zoe.body.data.id}`, { name: 'Zoe' });
    await api.del(`/api/event/${trip.id}/users/${zoe.body.data.id}`);
    await api.put(`/api/events/${trip.id}`, { name: 'Porto trip' });
    await api.del(`/api/events/${trip.id}`);

    const expected = [
      'ExpenseCreated',
      'ExpenseUpdated',
      'ExpenseDeleted',
      'PaymentCreated',
      'PaymentUpdated',
      'PaymentDeleted',
      'UserCreated',
      'UserUpdated',
      'UserDeleted',
      'EventUpdated',
      'EventDeleted',
    ];
    await vi.waitFor(() => expect(names(heard)).toEqual(expected), {
      timeout: WAIT_MS,
      interval: 10,
    });
    const entity = (index: number) => heard[index]?.data.entity;
    expect(entity(1)).toMatchObject({ title: 'Late lunch' });
    expect(entity(2)).toMatchObject({ id: expense.id, title: 'Late lunch', deleted_at: null });
    expect(entity(4)).toMatchObject({ id: payment.id, amount: 600 });
    expect(entity(5)).toMatchObject({ id: payment.id, deleted_at: null });
    expect(entity(8)).toMatchObject({ name: 'Zoe' });
    expect(entity(9)).toMatchObject({ id: trip.id, name: 'Porto trip' });
    expect(entity(10)).toMatchObject({ id: trip.id, name: 'Porto trip' });
  });

  it('sends nothing for a refused or rolled-back write', async () => {
    const trip = await createEvent(api);
    const [ana, ben] = [personId(trip, 'Ana'), personId(trip, 'Ben')];
    const heard = await listenTo(client(), `private-event.${trip.id}`);
    const base = `/api/event/${trip.id}`;

    // Refused by validation, by a person who is not in the event, and by a rule checked inside
    // the transaction (removing a person an expense mentions rolls the write back).
    const mentioned = expenseBody({ payer: ben, among: [ben], amount: 300, title: 'Bus' });
    await api.post(`${base}/expenditure`, mentioned);
    await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: WAIT_MS, interval: 10 });
    expect((await api.post(`${base}/expenditure`, { title: '' })).status).toBe(422);
    const stranger = '00000000-0000-4000-8000-000000000000';
    const unknown = expenseBody({ payer: stranger, among: [ana], amount: 100 });
    expect((await api.post(`${base}/expenditure`, unknown)).status).toBe(422);
    expect((await api.del(`${base}/users/${ben}`)).status).toBe(409);
    // A replay changes nothing, so it says nothing.
    expect((await api.post(`${base}/expenditure`, mentioned)).status).toBe(200);

    await api.post(
      `${base}/expenditure`,
      expenseBody({ payer: ana, among: [ana], amount: 1, title: 'Gum' }),
    );
    await vi.waitFor(() => expect(heard).toHaveLength(2), { timeout: WAIT_MS, interval: 10 });
    expect(heard.map((message) => message.data.entity?.title)).toEqual(['Bus', 'Gum']);
  });
});
