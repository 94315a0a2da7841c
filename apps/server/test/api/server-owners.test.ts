import { readConfig } from '@server/config';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipartBody } from '../receipts/support/receipt-upload';
import { expectError } from '../support/api-checks';
import { createEvent } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

/** A small Quits export, the body of POST /api/events/import. */
const quitsExport = () => ({
  format: 'quits-event',
  version: 1,
  event: { name: 'Flat', desc: '', image: null, currency_id: 'EUR', currency_rates: [] },
  people: [{ id: '9b2c4a8e-6d1f-4e3a-9c5b-7a8d2e4f6b10', name: 'Ana' }],
  expenditures: [],
  payments: [],
});

const newEvent = { name: 'Lisbon trip', currency_id: 'EUR', users: [{ name: 'Ana' }] };

describe('who may create events: the settings', () => {
  it('is open unless the operator says otherwise', () => {
    expect(readConfig({}).EVENT_CREATION).toBe('open');
  });

  it('needs a password with "password", and refuses one that would do nothing, never showing it', () => {
    expect(() => readConfig({ EVENT_CREATION: 'password' })).toThrow(
      /EVENT_CREATION_PASSWORD must be set when EVENT_CREATION=password/,
    );
    const refused = () => readConfig({ EVENT_CREATION_PASSWORD: 'a-secret-of-ours' });
    expect(refused).toThrow(/EVENT_CREATION_PASSWORD is read only when EVENT_CREATION=password/);
    expect(refused).not.toThrow(/a-secret-of-ours/);
    expect(() => readConfig({ EVENT_CREATION: 'public' })).toThrow(
      /EVENT_CREATION must be one of open, password, closed/,
    );
    expect(() =>
      readConfig({ EVENT_CREATION: 'password', EVENT_CREATION_PASSWORD: 'short' }),
    ).toThrow(/EVENT_CREATION_PASSWORD must be at least 8 characters/);
  });
});

describe('a server closed to new events', () => {
  const started = useTestApp('pglite', { EVENT_CREATION: 'closed' });

  it('says so in its configuration, refuses creates and imports, and still previews a file', async () => {
    const api = apiClient(started().app);
    const config = await api.get<{ data: { event_creation: string } }>('/api/config');
    expect(config.body.data.event_creation).toBe('closed');
    expect(expectError(await api.post('/api/events', newEvent), 403).code).toBe(
      'event_creation_closed',
    );
    expect(expectError(await api.post('/api/events/import', quitsExport()), 403).code).toBe(
      'event_creation_closed',
    );
    // A preview writes nothing: it is not a create.
    expect((await api.post('/api/events/import?dry_run=true', quitsExport())).status).toBe(200);
  });
});

describe('a server that creates events for whoever knows its password', () => {
  // Percent-encoded in its header (a header holds Latin-1 only): any character works.
  const password = 'Zürich-Ünterwegs 7';
  const header = { 'creation-password': encodeURIComponent(password) };
  const started = useTestApp('pglite', {
    EVENT_CREATION: 'password',
    EVENT_CREATION_PASSWORD: password,
    RATE_LIMITS: 'on',
    RATE_LIMIT_NOT_FOUND_PER_IP: '3',
  });

  it('asks for it under its field, refuses a wrong one, and creates with the right one', async () => {
    const api = apiClient(started().app);
    const config = await api.get<{ data: { event_creation: string } }>('/api/config');
    expect(config.body.data.event_creation).toBe('password');

    const missing = expectError(await api.post('/api/events', newEvent), 403);
    expect(missing.code).toBe('event_creation_password');
    expect(missing.error_codes?.creation_password?.[0]?.code).toBe(
      'event_creation_password_missing',
    );
    const wrong = expectError(
      await api.post('/api/events', newEvent, { 'creation-password': 'zurich' }),
      403,
    );
    expect(wrong.error_codes?.creation_password?.[0]?.code).toBe('event_creation_password_wrong');

    expect((await api.post('/api/events', newEvent, header)).status).toBe(201);
    expect((await api.post('/api/events/import', quitsExport(), header)).status).toBe(201);
    // Its events work for everyone, password or not.
    const event = await api.post<{ data: { id: string } }>('/api/events', newEvent, header);
    expect((await apiClient(started().app).get(`/api/events/${event.body.data.id}`)).status).toBe(
      200,
    );
  });

  it('counts wrong passwords as guesses: they cannot be tried at speed', async () => {
    const api = apiClient(started().app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await api.post('/api/events', newEvent, {
        'creation-password': `guess${attempt}`,
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 2)).toEqual([403, 403]);
    expect(statuses.at(-1)).toBe(429);
    // The right one waits as well, as every request of a guesser does.
    expect((await api.post('/api/events', newEvent, header)).status).toBe(429);
  });
});

describe.each(DATABASES)('the files all events keep on %s', (kind) => {
  const cap = 6_000;
  const started = useTestApp(kind, { FILES_QUOTA_BYTES: String(cap) });

  it('refuses a file past FILES_QUOTA_BYTES, counted over every event, with a clear 422', async () => {
    const api = apiClient(started().app);
    const events = [await createEvent(api, ['Ana']), await createEvent(api, ['Ben'])];
    const send = async (eventId: string, shade: number) => {
      const photo = await sharp({
        create: { width: 48, height: 48, channels: 3, background: { r: shade, g: 90, b: 40 } },
      })
        .png()
        .toBuffer();
      const { payload, contentType } = multipartBody([
        { name: 'file', filename: 'a.png', data: photo },
      ]);
      return started().app.inject({
        method: 'POST',
        url: `/api/event/${eventId}/attachments`,
        headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest' },
        payload,
      });
    };
    let stored = 0;
    let refused: Awaited<ReturnType<typeof send>> | null = null;
    // Each event in turn: what counts is the sum over both.
    for (let index = 0; index < 40 && !refused; index += 1) {
      const answer = await send(events[index % 2]?.id ?? '', index);
      if (answer.statusCode === 201) stored += JSON.parse(answer.body).data.bytes;
      else refused = answer;
    }
    expect(refused?.statusCode).toBe(422);
    expect(JSON.parse(refused?.body ?? '{}')).toMatchObject({
      code: 'files_server_full',
      error_codes: { file: [{ code: 'files_server_full_field' }] },
    });
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThanOrEqual(cap);
  });
});
