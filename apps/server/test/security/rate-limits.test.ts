import { randomUUID } from 'node:crypto';
import { errorBodySchema } from '@quits/contract';
import { readConfig } from '@server/config';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { apiClient, startTestApp, type TestApp } from '../support/test-app';

/** Limits small enough to reach in a test; each test sets the one it checks. */
const SMALL: NodeJS.ProcessEnv = {
  RATE_LIMITS: 'on',
  RATE_LIMIT_WRITES_PER_DEVICE: '1000',
  RATE_LIMIT_WRITES_PER_IP: '1000',
  RATE_LIMIT_UPLOADS_PER_DEVICE: '1000',
  RATE_LIMIT_UPLOADS_PER_IP: '1000',
  RATE_LIMIT_NOT_FOUND_PER_IP: '1000',
  RATE_LIMIT_HEAVY_READS_PER_IP: '1000',
};

let started: TestApp | undefined;
afterEach(async () => {
  await started?.close();
  started = undefined;
});

async function start(env: NodeJS.ProcessEnv): Promise<FastifyInstance> {
  started = await startTestApp('pglite', { ...SMALL, ...env });
  return started.app;
}

/** Asserts a calm 429: Retry-After in whole seconds within the window, and a message. */
function expectTooMany(
  answer: { statusCode: number; headers: Record<string, unknown>; body: string },
  windowSeconds: number,
): string {
  expect(answer.statusCode, answer.body).toBe(429);
  const retryAfter = Number(answer.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const body = errorBodySchema.parse(JSON.parse(answer.body));
  expect(body.message).toMatch(/again in \d+ s/);
  return body.message;
}

const person = (eventId: string, deviceId: string, remoteAddress = '127.0.0.1') => ({
  method: 'POST' as const,
  url: '/api/users',
  remoteAddress,
  headers: { 'content-type': 'application/json', 'device-id': deviceId },
  payload: JSON.stringify({ event_id: eventId, name: `P${randomUUID().slice(0, 8)}` }),
});

describe('rate limits', () => {
  it('are on by default, with limits a group catching up after a day offline stays under', () => {
    expect(readConfig({})).toMatchObject({
      RATE_LIMITS: true,
      RATE_LIMIT_WINDOW_SECONDS: 60,
      RATE_LIMIT_WRITES_PER_DEVICE: 300,
      RATE_LIMIT_WRITES_PER_IP: 1200,
      RATE_LIMIT_UPLOADS_PER_DEVICE: 10,
      RATE_LIMIT_UPLOADS_PER_IP: 30,
      RATE_LIMIT_NOT_FOUND_PER_IP: 60,
      RATE_LIMIT_HEAVY_READS_PER_IP: 120,
    });
    expect(() => readConfig({ RATE_LIMITS: 'maybe' })).toThrow(/RATE_LIMITS/);
    expect(() => readConfig({ RATE_LIMIT_WRITES_PER_DEVICE: '0' })).toThrow(
      /RATE_LIMIT_WRITES_PER_DEVICE/,
    );
  });

  it('holds one device to its writes per window, while others and every read go on', async () => {
    const app = await start({ RATE_LIMIT_WRITES_PER_DEVICE: '3' });
    const event = await createEvent(apiClient(app));
    const device = randomUUID();
    for (let write = 0; write < 3; write++) {
      expect((await app.inject(person(event.id, device))).statusCode).toBe(201);
    }
    const refused = await app.inject(person(event.id, device));
    expectTooMany(refused, 60);
    // Nothing was written by the refused request: the event has the three people only.
    const read = await app.inject({ method: 'GET', url: `/api/events/${event.id}` });
    expect(read.statusCode).toBe(200);
    expect(JSON.parse(read.body).data.users).toHaveLength(3 + 3);
    expect((await app.inject(person(event.id, randomUUID()))).statusCode).toBe(201);
  });

  it("lets no one use up a device's writes by sending its Device-ID from elsewhere", async () => {
    const app = await start({ RATE_LIMIT_WRITES_PER_DEVICE: '5' });
    const event = await createEvent(apiClient(app));
    const victim = randomUUID();
    expect((await app.inject(person(event.id, victim))).statusCode).toBe(201);
    // Someone else sends the victim's id from another address, up to the limit and past it.
    for (let write = 0; write < 5; write++) {
      expect((await app.inject(person(event.id, victim, '203.0.113.9'))).statusCode).toBe(201);
    }
    expectTooMany(await app.inject(person(event.id, victim, '203.0.113.9')), 60);
    // The victim, from its own address, still has its own allowance.
    for (let write = 0; write < 4; write++) {
      expect((await app.inject(person(event.id, victim))).statusCode).toBe(201);
    }
    expectTooMany(await app.inject(person(event.id, victim)), 60);
  });

  it('holds one address to its writes however many devices it claims to be', async () => {
    const app = await start({ RATE_LIMIT_WRITES_PER_IP: '4' });
    const event = await createEvent(apiClient(app), [], {}); // the event's create is one write
    for (let write = 0; write < 3; write++) {
      expect((await app.inject(person(event.id, randomUUID()))).statusCode).toBe(201);
    }
    expectTooMany(await app.inject(person(event.id, randomUUID())), 60);
    // Another address is counted on its own.
    expect((await app.inject(person(event.id, randomUUID(), '203.0.113.7'))).statusCode).toBe(201);
  });

  it('lets a device write again once the window has passed', async () => {
    const app = await start({ RATE_LIMIT_WRITES_PER_DEVICE: '1', RATE_LIMIT_WINDOW_SECONDS: '1' });
    const event = await createEvent(apiClient(app));
    const device = randomUUID();
    expect((await app.inject(person(event.id, device))).statusCode).toBe(201);
    expectTooMany(await app.inject(person(event.id, device)), 1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await app.inject(person(event.id, device))).statusCode).toBe(201);
  });

  it('counts uploads on their own, lower limit, for any route that takes a file', async () => {
    const app = await start({ RATE_LIMIT_UPLOADS_PER_DEVICE: '2' });
    const event = await createEvent(apiClient(app));
    const device = randomUUID();
    const upload = (url: string) =>
      app.inject({
        method: 'POST',
        url,
        headers: {
          'device-id': device,
          'content-type': 'multipart/form-data; boundary=quits',
        },
        payload:
          '--quits\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--quits--\r\n',
      });
    // Whatever each answers (the file is no photo), each upload is counted, by its kind.
    expect((await upload(`/api/event/${event.id}/receipts/analyze`)).statusCode).not.toBe(429);
    expect((await upload(`/api/event/${event.id}/anything-else`)).statusCode).not.toBe(429);
    expectTooMany(await upload(`/api/event/${event.id}/receipts/analyze`), 60);
    // JSON writes of the same device are under the writes' limit, not the uploads'.
    const ana = personId(event, 'Ana');
    const expense = await app.inject({
      method: 'POST',
      url: `/api/event/${event.id}/expenditure`,
      headers: { 'device-id': device, 'content-type': 'application/json' },
      payload: JSON.stringify(expenseBody({ payer: ana, among: [ana], amount: 500 })),
    });
    expect(expense.statusCode).toBe(201);
  });

  it('counts a file sent whole (an import, larger than any change) as an upload', async () => {
    const app = await start({ RATE_LIMIT_UPLOADS_PER_DEVICE: '1' });
    const device = randomUUID();
    const large = () =>
      app.inject({
        method: 'POST',
        url: '/api/events/import',
        headers: { 'device-id': device, 'content-type': 'application/json' },
        payload: JSON.stringify({ format: 'quits', padding: 'x'.repeat(1_100_000) }),
      });
    expect((await large()).statusCode).not.toBe(429);
    expectTooMany(await large(), 60);
  });

  it('slows down an address that asks for events that do not exist', async () => {
    const app = await start({ RATE_LIMIT_NOT_FOUND_PER_IP: '3' });
    const event = await createEvent(apiClient(app));
    for (let guess = 0; guess < 4; guess++) {
      const id = randomUUID().replaceAll('-', '').slice(0, 22);
      expect((await app.inject({ method: 'GET', url: `/api/events/${id}` })).statusCode).toBe(404);
    }
    // Past the limit, everything under /api waits, even a real event.
    const message = expectTooMany(
      await app.inject({ method: 'GET', url: `/api/events/${event.id}` }),
      60,
    );
    expect(message).toMatch(/do not exist/);
    // The health check still answers, and so does another address.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const elsewhere = await app.inject({
      method: 'GET',
      url: `/api/events/${event.id}`,
      remoteAddress: '198.51.100.4',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('holds one address to its heavy reads (exports, history), while the event still reads', async () => {
    const app = await start({ RATE_LIMIT_HEAVY_READS_PER_IP: '3' });
    const event = await createEvent(apiClient(app));
    const heavy = [
      `/api/events/${event.id}/export`,
      `/api/events/${event.id}/export?format=csv`,
      `/api/events/${event.id}/activity`,
    ];
    for (const url of heavy) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    for (const url of heavy) {
      const message = expectTooMany(await app.inject({ method: 'GET', url }), 60);
      expect(message).toMatch(/exports, histories or photos/);
    }
    // A receipt photo counts too, before it is looked up.
    const photo = `/api/event/${event.id}/receipts/${randomUUID()}`;
    expectTooMany(await app.inject({ method: 'GET', url: photo }), 60);
    // And an attachment, its thumbnail too.
    const file = `/api/event/${event.id}/attachments/${randomUUID()}`;
    expectTooMany(await app.inject({ method: 'GET', url: file }), 60);
    expectTooMany(await app.inject({ method: 'GET', url: `${file}?size=thumb` }), 60);
    // The event itself, the health check and another address are not held back.
    expect((await app.inject({ method: 'GET', url: `/api/events/${event.id}` })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const elsewhere = await app.inject({
      method: 'GET',
      url: heavy[0] ?? '',
      remoteAddress: '198.51.100.4',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts a create with an id already in use as a guess, like a 404', async () => {
    const app = await start({ RATE_LIMIT_NOT_FOUND_PER_IP: '3' });
    const event = await createEvent(apiClient(app));
    const guess = {
      method: 'POST' as const,
      url: '/api/events',
      headers: { 'content-type': 'application/json', 'device-id': randomUUID() },
      payload: JSON.stringify({ id: event.id, name: 'Guess', currency_id: 'EUR' }),
    };
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await app.inject(guess)).statusCode).toBe(409);
    }
    expectTooMany(await app.inject({ method: 'GET', url: `/api/events/${event.id}` }), 60);
  });

  it("counts a person's id under another event as a guess, like any 404", async () => {
    const app = await start({ RATE_LIMIT_NOT_FOUND_PER_IP: '3' });
    const api = apiClient(app);
    const [mine, theirs] = [await createEvent(api), await createEvent(api)];
    const stranger = personId(theirs, 'Ana');
    for (let attempt = 0; attempt < 4; attempt++) {
      const answer = await api.put(`/api/event/${mine.id}/users/${stranger}`, { name: 'Zoé' });
      expect(answer.status).toBe(404);
    }
    expectTooMany(await app.inject({ method: 'GET', url: `/api/events/${mine.id}` }), 60);
  });

  it('counts the client behind a trusted proxy, and never a client that claims one', async () => {
    const app = await start({ RATE_LIMIT_WRITES_PER_IP: '2', TRUST_PROXY: '10.0.0.1' });
    const event = await createEvent(apiClient(app), ['Ana'], {});
    const viaProxy = (client: string) => ({
      ...person(event.id, randomUUID(), '10.0.0.1'),
      headers: { ...person(event.id, randomUUID()).headers, 'x-forwarded-for': client },
    });
    // Two clients behind the proxy each have their own count.
    expect((await app.inject(viaProxy('192.0.2.1'))).statusCode).toBe(201);
    expect((await app.inject(viaProxy('192.0.2.1'))).statusCode).toBe(201);
    expectTooMany(await app.inject(viaProxy('192.0.2.1')), 60);
    expect((await app.inject(viaProxy('192.0.2.2'))).statusCode).toBe(201);
    // A direct client's X-Forwarded-For is not believed: it is counted as itself.
    const direct = (claimed: string) => ({
      ...person(event.id, randomUUID(), '203.0.113.9'),
      headers: { ...person(event.id, randomUUID()).headers, 'x-forwarded-for': claimed },
    });
    expect((await app.inject(direct('192.0.2.10'))).statusCode).toBe(201);
    expect((await app.inject(direct('192.0.2.11'))).statusCode).toBe(201);
    expectTooMany(await app.inject(direct('192.0.2.12')), 60);
  });

  it('are off when RATE_LIMITS=off', async () => {
    const app = await start({
      RATE_LIMITS: 'off',
      RATE_LIMIT_WRITES_PER_DEVICE: '1',
      RATE_LIMIT_NOT_FOUND_PER_IP: '1',
    });
    const event = await createEvent(apiClient(app));
    const device = randomUUID();
    for (let write = 0; write < 3; write++) {
      expect((await app.inject(person(event.id, device))).statusCode).toBe(201);
    }
    for (let guess = 0; guess < 3; guess++) {
      const answer = await app.inject({ method: 'GET', url: '/api/events/nonexistentnonexistent' });
      expect(answer.statusCode).toBe(404);
    }
  });
});
