import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Event, EventExport, User } from '@quits/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError, readActivity, readState } from '../support/api-checks';
import { createEvent, personId } from '../support/fixtures';
import { apiClient, DATABASES, startTestApp, type TestApp, useTestApp } from '../support/test-app';

const IBAN = 'DE89370400440532013000';

const detailsUrl = (event: Event, userId: string) =>
  `/api/event/${event.id}/users/${userId}/payment-details`;

describe.each(DATABASES)('payment details on %s', (kind) => {
  const started = useTestApp(kind);

  it('stores a person’s details cleaned (IBAN without spaces, BIC upper case) and shows them with the event', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const ana = personId(event, 'Ana');
    const answer = await api.put<{ data: User }>(detailsUrl(event, ana), {
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
      account_holder: 'Ana Müller',
      paypal: 'anamuller',
      other: '',
    });
    expect(answer.status).toBe(200);
    const details = {
      iban: IBAN,
      bic: 'COBADEFFXXX',
      account_holder: 'Ana Müller',
      paypal: 'anamuller',
    };
    expect(answer.body.data.payment_details).toEqual(details);
    const { event: read } = await readState(api, event.id);
    expect(read.users.find((user) => user.id === ana)?.payment_details).toEqual(details);
    expect(read.users.find((user) => user.name === 'Ben')?.payment_details).toBeUndefined();
  });

  it('records the change in the history once, and saving the same details again changes nothing', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    const ana = personId(event, 'Ana');
    await api.put(detailsUrl(event, ana), { paypal: 'ana' });
    const before = await readState(api, event.id);
    const again = await api.put<{ data: User }>(detailsUrl(event, ana), { paypal: 'ana' });
    expect(again.status).toBe(200);
    expect(await readState(api, event.id)).toEqual(before);
    const [latest] = await readActivity(api, event.id);
    expect(latest).toMatchObject({ entity: 'user', entity_id: ana, action: 'updated' });
  });

  it('clears the details with an empty body', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    const ana = personId(event, 'Ana');
    await api.put(detailsUrl(event, ana), { iban: IBAN });
    const cleared = await api.put<{ data: User }>(detailsUrl(event, ana), {});
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.payment_details).toBeUndefined();
  });

  it('refuses an IBAN that fails its checksum, a BIC of the wrong shape, and overlong text with 422 and the field', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    const ana = personId(event, 'Ana');
    const before = await readState(api, event.id);
    expectFieldError(
      await api.put(detailsUrl(event, ana), { iban: 'DE88370400440532013000' }),
      'iban',
    );
    expectFieldError(
      await api.put(detailsUrl(event, ana), { iban: 'XX89370400440532013000' }),
      'iban',
    );
    expectFieldError(await api.put(detailsUrl(event, ana), { bic: 'COBA' }), 'bic');
    expectFieldError(await api.put(detailsUrl(event, ana), { paypal: 'x'.repeat(101) }), 'paypal');
    expectFieldError(await api.put(detailsUrl(event, ana), { venmo: 12 }), 'venmo');
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('answers 404 for a person of another event and for an unknown event', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    const other = await createEvent(api, ['Zoé']);
    expectError(await api.put(detailsUrl(event, personId(other, 'Zoé')), { paypal: 'z' }), 404);
    expectError(await api.put(detailsUrl(event, randomUUID()), { paypal: 'z' }), 404);
    const unknown = { ...event, id: 'AAAAAAAAAAAAAAAAAAAAAA' };
    expectError(await api.put(detailsUrl(unknown, personId(event, 'Ana')), { paypal: 'z' }), 404);
  });

  it('leaves the details out of the JSON export unless asked, and an import keeps them', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const ana = personId(event, 'Ana');
    await api.put(detailsUrl(event, ana), { iban: IBAN, account_holder: 'Ana Müller' });
    const plain = await api.get<EventExport>(`/api/events/${event.id}/export?format=json`);
    expect(plain.status).toBe(200);
    expect(JSON.stringify(plain.body)).not.toContain(IBAN);
    const csv = await started().app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/export?format=csv&payment_details=true`,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(IBAN);

    const withDetails = await api.get<EventExport>(
      `/api/events/${event.id}/export?format=json&payment_details=true`,
    );
    expect(
      withDetails.body.people.find((person) => person.name === 'Ana')?.payment_details,
    ).toEqual({ iban: IBAN, account_holder: 'Ana Müller' });
    // Ben gave none: his entry has no payment_details at all.
    expect(withDetails.body.people.find((person) => person.name === 'Ben')).toEqual({
      id: personId(event, 'Ben'),
      name: 'Ben',
      presence: [],
      default_weight: 1,
    });
    const imported = await api.post<{ data: Event }>('/api/events/import', withDetails.body);
    expect(imported.status).toBe(201);
    const copy = imported.body.data.users.find((user) => user.name === 'Ana');
    expect(copy?.payment_details).toEqual({ iban: IBAN, account_holder: 'Ana Müller' });
  });
});

describe('payment details in the logs', () => {
  const lines: string[] = [];
  let started: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    started = await startTestApp('pglite', { LOG_LEVEL: 'debug' }, { logger: { stream } });
  });
  afterAll(async () => {
    await started?.close();
  });

  it('never appear, neither when saved nor when refused', async () => {
    const api = apiClient(started.app);
    const event = await createEvent(api, ['Ana']);
    const ana = personId(event, 'Ana');
    await api.put(detailsUrl(event, ana), { iban: IBAN, paypal: 'secret-handle' });
    await api.put(detailsUrl(event, ana), { iban: 'DE88370400440532013000' });
    await api.get(`/api/events/${event.id}`);
    expect(lines.length).toBeGreaterThan(0);
    const logs = lines.join('\n');
    expect(logs).not.toContain('370400440532013000');
    expect(logs).not.toContain('secret-handle');
  });
});
