import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { redactText, redactUrl, serialiseError } from '@server/http/redact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { expenseBody, personId } from '../support/fixtures';
import { apiClient, startTestApp, type TestApp } from '../support/test-app';

describe('redaction', () => {
  const id = 'Xq3_k9Lm2Pz7Rt4Vw8Yb1c';

  it('replaces event ids and UUIDs in URLs, paths and queries alike', () => {
    expect(redactUrl(`/api/events/${id}`)).toBe('/api/events/:event');
    expect(redactUrl(`/api/event/${id}/receipts/${randomUUID()}`)).toBe(
      '/api/event/:event/receipts/:id',
    );
    expect(redactUrl(`/event/${id}/home?from=${id}`)).toBe('/event/:event/home?from=:event');
    expect(redactUrl('/assets/app-abc123.js')).toBe('/assets/app-abc123.js');
  });

  it('replaces ids a message quotes, leaving words alone', () => {
    expect(redactText(`'/api/events/${id}%zz' is not a valid url component`)).toBe(
      "'/api/events/:event%zz' is not a valid url component",
    );
    expect(redactText('The request body is not valid JSON.')).toBe(
      'The request body is not valid JSON.',
    );
  });

  it("serialises an error with the database's detail redacted, and its stack frames kept", () => {
    const error = Object.assign(new Error(`insert on "users" violates a key (${id})`), {
      code: '23503',
      detail: `Key (event_id)=(${id}) is not present in table "events".`,
      cause: new Error(`while writing ${id}`),
    });
    const serialised = serialiseError(error);
    const text = JSON.stringify(serialised);
    expect(text).not.toContain(id);
    expect(serialised).toMatchObject({
      type: 'Error',
      code: '23503',
      detail: 'Key (event_id)=(:event) is not present in table "events".',
      cause: { message: 'while writing :event' },
    });
    expect(String(serialised.stack)).toMatch(/log-redaction\.test\.ts/);
  });
});

describe('the logs at info level', () => {
  const lines: string[] = [];
  let started: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    started = await startTestApp(
      'pglite',
      { LOG_LEVEL: 'info', RATE_LIMITS: 'on', RATE_LIMIT_NOT_FOUND_PER_IP: '5' },
      { logger: { stream } },
    );
  });
  afterAll(async () => {
    await started?.close();
  });

  it('never carry an event id, through every kind of request and refusal', async () => {
    const { app } = started;
    const eventId = randomBytes(16).toString('base64url');
    const api = apiClient(app);
    const created = await api.post<{ data: { users: { id: string; name: string }[] } }>(
      '/api/events',
      { id: eventId, name: 'Lisbon', currency_id: 'EUR', users: [{ name: 'Ana' }] },
    );
    expect(created.status).toBe(201);
    const ana = personId(created.body.data as never, 'Ana');
    const expense = expenseBody({ payer: ana, among: [ana], amount: 1200 });
    const calls = [
      api.get(`/api/events/${eventId}`),
      api.get(`/api/events/${eventId}/balances`),
      api.get(`/api/events/${eventId}/activity?before=${eventId}`),
      api.post(`/api/event/${eventId}/expenditure`, expense),
      api.post(`/api/event/${eventId}/expenditure`, { ...expense, amount: -1 }),
      api.post(`/api/event/${eventId}/expenditure`, {
        ...expenseBody({ payer: randomUUID(), among: [ana], amount: 5 }),
      }),
      api.del(`/api/event/${eventId}/expenditure/${randomUUID()}`),
      api.get(`/api/event/${eventId}/receipts/${randomUUID()}`),
      api.post('/api/broadcasting/auth', {
        socket_id: '1234.5678',
        channel_name: `private-event.${eventId}`,
      }),
      api.post(`/api/push/${eventId}`, { endpoint: `https://push.example/${eventId}` }),
      app.inject({ method: 'GET', url: `/api/events/${eventId}%zz` }),
      app.inject({
        method: 'POST',
        url: `/api/event/${eventId}/expenditure`,
        headers: { 'content-type': 'application/json' },
        payload: `${'['.repeat(100)}${']'.repeat(100)}`,
      }),
      app.inject({
        method: 'POST',
        url: `/api/event/${eventId}/receipts/analyze`,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nbroken',
      }),
      app.inject({
        method: 'GET',
        url: `/event/${eventId}/home`,
        headers: { accept: 'text/html' },
      }),
    ];
    for (const call of calls) await call;
    // Guessing until refused (429), then the event itself.
    for (let guess = 0; guess < 7; guess++)
      await api.get(`/api/events/${randomBytes(16).toString('base64url')}`);
    expect((await api.get(`/api/events/${eventId}`)).status).toBe(429);

    // A live-update socket subscribing to the event's channel with a wrong signature.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/app/quits?protocol=7`);
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { event: string };
        if (message.event === 'pusher:connection_established') {
          socket.send(
            JSON.stringify({
              event: 'pusher:subscribe',
              data: { channel: `private-event.${eventId}`, auth: 'quits:0000' },
            }),
          );
        }
        if (message.event === 'pusher:subscription_error' || message.event === 'pusher:error') {
          resolve();
        }
      });
    });
    socket.close();
    await api.del(`/api/events/${eventId}`);

    const refused = lines.filter((line) => line.includes('"request refused"'));
    expect(refused.length).toBeGreaterThan(5);
    expect(lines.some((line) => line.includes('"url":"/api/events/:event"'))).toBe(true);
    const leaking = lines.filter((line) => line.includes(eventId));
    expect(leaking).toEqual([]);
  });
});
