import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, expectFieldError, readState } from '../support/api-checks';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { type ApiAnswer, apiClient, DATABASES, useTestApp } from '../support/test-app';

/** Requests a client library would never send: bodies that are not JSON objects, wrong types. */
describe.each(DATABASES)('request format on %s', (kind) => {
  const started = useTestApp(kind);

  async function setup() {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const ids = event.users.map((user) => user.id);
    const valid = () => expenseBody({ payer: personId(event, 'Ana'), among: ids, amount: 9000 });
    expect((await api.post(`/api/event/${event.id}/expenditure`, valid())).status).toBe(201);
    return { api, event, valid, url: `/api/event/${event.id}/expenditure` };
  }

  /** Sends `payload` as it is, with the given content type, and reads the answer as JSON. */
  async function sendRaw(url: string, contentType: string, payload: string): Promise<ApiAnswer> {
    const response = await started().app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': contentType, 'device-id': randomUUID() },
      payload,
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  }

  it('names every missing field at once', async () => {
    const { api, url } = await setup();
    const body = expectError(await api.post(url, {}), 422);
    expect(Object.keys(body.errors)).toEqual(
      expect.arrayContaining(['title', 'date', 'amount', 'currency_id', 'payer', 'participant']),
    );
  });

  it('answers malformed JSON with 400 and a message, and writes nothing', async () => {
    const { api, event, url } = await setup();
    const before = await readState(api, event.id);
    for (const payload of ['{"title": "Dinner",', 'null garbage', "{'title': 'Dinner'}"]) {
      const body = expectError(await sendRaw(url, 'application/json', payload), 400);
      expect(body.message).toMatch(/JSON/);
      expect(body.errors).toEqual({});
    }
    expectError(await sendRaw('/api/events', 'application/json', '{"name":'), 400);
    expectError(await sendRaw('/api/users', 'application/json', '[1,'), 400);
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('answers an empty body or a JSON null with 422 naming the body', async () => {
    const { api, event, url } = await setup();
    const before = await readState(api, event.id);
    for (const payload of ['', 'null', '[]', '"Dinner"']) {
      expectFieldError(await sendRaw(url, 'application/json', payload), 'body');
    }
    expect(await readState(api, event.id)).toEqual(before);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])(
    'answers a body sent as %s with 415 and a message, and writes nothing',
    async (contentType) => {
      const { api, event, valid, url } = await setup();
      const before = await readState(api, event.id);
      const body = expectError(await sendRaw(url, contentType, JSON.stringify(valid())), 415);
      expect(body.message).toMatch(/application\/json/);
      const event2 = JSON.stringify({ name: 'Trip', currency_id: 'EUR' });
      expectError(await sendRaw('/api/events', contentType, event2), 415);
      expect(await readState(api, event.id)).toEqual(before);
    },
  );

  it('answers wrong types on every write route with 422 naming the field', async () => {
    const { api, event } = await setup();
    const ana = personId(event, 'Ana');
    expectFieldError(await api.post('/api/events', { name: 7, currency_id: 'EUR' }), 'name');
    expectFieldError(
      await api.post('/api/events', { name: 'Trip', currency_id: 'EUR', users: 'Ana' }),
      'users',
    );
    expectFieldError(
      await api.put(`/api/events/${event.id}`, { currency_rates: {} }),
      'currency_rates',
    );
    expectFieldError(await api.post('/api/users', { event_id: event.id, name: ['Ben'] }), 'name');
    expectFieldError(await api.put(`/api/event/${event.id}/users/${ana}`, { name: null }), 'name');
    expectFieldError(
      await api.post(`/api/event/${event.id}/payments`, {
        payer_id: ana,
        payee_id: true,
        amount: 5,
      }),
      'payee_id',
    );
  });

  it("accepts the spec's JSON content type on a DELETE that has no body", async () => {
    const { api, event, valid, url } = await setup();
    const body = valid();
    expect((await api.post(url, body)).status).toBe(201);
    const deleted = await api.del(`${url}/${body.id}`, { 'content-type': 'application/json' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const read = await readState(api, event.id);
    expect(read.event.expenditures.map((expense) => expense.id)).not.toContain(body.id);
  });

  it('answers 404 with a message for an expense sent to an event that does not exist', async () => {
    const { api, valid } = await setup();
    const body = expectError(
      await api.post(`/api/event/${'B'.repeat(22)}/expenditure`, valid()),
      404,
    );
    expect(body.message).toMatch(/event/i);
    expectFieldError(await api.post('/api/event/short/expenditure', valid()), 'params.event_id');
  });
});
