import { type Event, type EventSummary, eventSchema, eventSummarySchema } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { expectError, expectFieldError, readActivity, readState } from '../support/api-checks';
import { createEvent, proposedEventId } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

describe.each(DATABASES)('events on %s', (kind) => {
  const started = useTestApp(kind);

  it('creates an event with an unguessable url-safe id, its people and its rates', async () => {
    const api = apiClient(started().app);
    const answer = await api.post<{ data: Event }>('/api/events', {
      name: 'Lisbon trip',
      desc: 'Five days in October',
      currency_id: 'EUR',
      users: [{ name: 'Ana' }, { name: 'Ben' }],
      currency_rates: [{ currency_id: 'USD', exchange_rate: 0.92 }],
    });
    expect(answer.status).toBe(201);
    const event = eventSchema.parse(answer.body.data);
    expect(event.id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(event).toMatchObject({
      name: 'Lisbon trip',
      desc: 'Five days in October',
      image: null,
      currency_id: 'EUR',
      currency: { id: 'EUR', decimals: 2, rate: 1 },
      currency_rates: [{ currency_id: 'USD', exchange_rate: 0.92 }],
      expenditures: [],
      payments: [],
      deleted_at: null,
    });
    expect(event.users.map((user) => user.name)).toEqual(['Ana', 'Ben']);
    for (const user of event.users) expect(user.event_id).toBe(event.id);

    const other = await createEvent(api, ['Ana']);
    expect(other.id).not.toBe(event.id);
  });

  it('answers a replayed create with the same proposed id with 200 and the event unchanged', async () => {
    const api = apiClient(started().app);
    const id = proposedEventId();
    const body = { id, name: 'Offline trip', currency_id: 'EUR', users: [{ name: 'Ana' }] };
    const first = await api.post<{ data: Event }>('/api/events', body);
    expect(first.status).toBe(201);
    expect(first.body.data.id).toBe(id);
    const before = await readState(api, id);

    const replay = await api.post<{ data: Event }>('/api/events', body);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(first.body.data);
    expect(await readState(api, id)).toEqual(before);
  });

  it('refuses an event with bad fields, naming each field', async () => {
    const api = apiClient(started().app);
    const valid = { name: 'Trip', currency_id: 'EUR', users: [{ name: 'Ana' }] };
    expectFieldError(
      await api.post('/api/events', { ...valid, currency_id: 'XYZ' }),
      'currency_id',
    );
    expectFieldError(await api.post('/api/events', { ...valid, name: 'n'.repeat(101) }), 'name');
    expectFieldError(await api.post('/api/events', { ...valid, name: '   ' }), 'name');
    expectFieldError(
      await api.post('/api/events', { ...valid, users: [{ name: 'p'.repeat(51) }] }),
      'users.0.name',
    );
    expectFieldError(
      await api.post('/api/events', { ...valid, users: [{ name: 'Ana' }, { name: 'ana' }] }),
      'users.1.name',
    );
    expectFieldError(
      await api.post('/api/events', {
        ...valid,
        currency_rates: [{ currency_id: 'EUR', exchange_rate: 1 }],
      }),
      'currency_rates.0.currency_id',
    );
    expectFieldError(
      await api.post('/api/events', {
        ...valid,
        currency_rates: [{ currency_id: 'USD', exchange_rate: 0 }],
      }),
      'currency_rates.0.exchange_rate',
    );
    expectFieldError(await api.post('/api/events', { ...valid, id: 'short' }), 'id');
  });

  it('answers 304 to a read that sends the current ETag, and a new ETag after a write', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const first = await api.get(`/api/events/${event.id}`);
    expect(first.status).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);

    const unchanged = await api.get(`/api/events/${event.id}`, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBeNull();
    expect(unchanged.headers.etag).toBe(etag);

    const added = await api.post('/api/users', { event_id: event.id, name: 'Dora' });
    expect(added.status).toBe(201);
    const after = await api.get<{ data: Event }>(`/api/events/${event.id}`, {
      'if-none-match': etag,
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body.data.users.map((user) => user.name)).toContain('Dora');
  });

  it('changes only the fields a PUT gives, and replaces the rates when they are given', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben'], {
      desc: 'Spring',
      currency_rates: [
        { currency_id: 'USD', exchange_rate: 0.92 },
        { currency_id: 'GBP', exchange_rate: 1.17 },
      ],
    });
    const renamed = await api.put<{ data: Event }>(`/api/events/${event.id}`, { name: 'Porto' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      name: 'Porto',
      desc: 'Spring',
      currency_id: 'EUR',
      currency_rates: event.currency_rates,
    });
    expect(renamed.body.data.users).toEqual(event.users);

    const rates = await api.put<{ data: Event }>(`/api/events/${event.id}`, {
      currency_rates: [{ currency_id: 'CHF', exchange_rate: 1.05 }],
    });
    expect(rates.status).toBe(200);
    expect(rates.body.data).toMatchObject({
      name: 'Porto',
      desc: 'Spring',
      currency_rates: [{ currency_id: 'CHF', exchange_rate: 1.05 }],
    });

    const currency = await api.put<{ data: Event }>(`/api/events/${event.id}`, {
      currency_id: 'GBP',
      image: 'https://example.org/porto.jpg',
    });
    expect(currency.status).toBe(200);
    expect(currency.body.data).toMatchObject({
      name: 'Porto',
      currency_id: 'GBP',
      currency: { id: 'GBP' },
      image: 'https://example.org/porto.jpg',
      currency_rates: [{ currency_id: 'CHF', exchange_rate: 1.05 }],
    });
    const read = await api.get<{ data: Event }>(`/api/events/${event.id}`);
    expect(read.body.data).toEqual(currency.body.data);
  });

  it('changes nothing when a PUT carries what is already stored', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana'], {
      currency_rates: [{ currency_id: 'USD', exchange_rate: 0.92 }],
    });
    const before = await readState(api, event.id);
    const same = await api.put<{ data: Event }>(`/api/events/${event.id}`, {
      name: event.name,
      currency_id: 'EUR',
      currency_rates: [{ currency_id: 'USD', exchange_rate: 0.92 }],
    });
    expect(same.status).toBe(200);
    expect(same.headers.etag).toBe(before.etag);
    expect(same.body.data).toEqual(before.event);
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('refuses a PUT that would give the event a rate for its own currency, changing nothing', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana'], {
      currency_rates: [{ currency_id: 'USD', exchange_rate: 0.92 }],
    });
    const before = await readState(api, event.id);
    expectFieldError(
      await api.put(`/api/events/${event.id}`, { currency_id: 'USD' }),
      'currency_rates.0.currency_id',
    );
    expectFieldError(
      await api.put(`/api/events/${event.id}`, { currency_id: 'XYZ' }),
      'currency_id',
    );
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('deletes softly: the event is gone, and deleting it again answers the same', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const deleted = await api.del<{ data: EventSummary }>(`/api/events/${event.id}`);
    expect(deleted.status).toBe(200);
    const summary = eventSummarySchema.parse(deleted.body.data);
    expect(summary.id).toBe(event.id);
    expect(summary.deleted_at).not.toBeNull();

    expectError(await api.get(`/api/events/${event.id}`), 410);
    expectError(await api.get(`/api/events/${event.id}/balances`), 410);
    expectError(await api.get(`/api/events/${event.id}/activity`), 410);
    expectError(await api.put(`/api/events/${event.id}`, { name: 'Back' }), 410);
    expectError(await api.post('/api/users', { event_id: event.id, name: 'Eve' }), 410);

    const again = await api.del<{ data: EventSummary }>(`/api/events/${event.id}`);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(deleted.body.data);
  });

  it('answers 404 with a message for an event that does not exist', async () => {
    const api = apiClient(started().app);
    const missing = proposedEventId();
    const body = expectError(await api.get(`/api/events/${missing}`), 404);
    expect(body.message).toMatch(/event/i);
    expect(body.errors).toEqual({});
    expectError(await api.del(`/api/events/${missing}`), 404);
    expectError(await api.put(`/api/events/${missing}`, { name: 'X' }), 404);
    expectError(await api.get(`/api/events/${missing}/balances`), 404);
  });

  it('offers no way to list events', async () => {
    const api = apiClient(started().app);
    await createEvent(api);
    const body = expectError(await api.get('/api/events'), 404);
    expect(body.errors).toEqual({});
    // With a trailing slash the path reads as an event with an empty id: refused, never a list.
    expectFieldError(await api.get('/api/events/'), 'params.id');
    expectError(await api.get('/api/event'), 404);
  });

  it('records the creation of the event and of each person in the history', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const activity = await readActivity(api, event.id);
    expect(activity.map((row) => [row.entity, row.action])).toEqual(
      expect.arrayContaining([
        ['event', 'created'],
        ['user', 'created'],
        ['user', 'created'],
      ]),
    );
    expect(activity).toHaveLength(3);
  });
});
