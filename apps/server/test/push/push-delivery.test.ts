import { randomUUID } from 'node:crypto';
import { type Event, type PushNotification, pushNotificationSchema } from '@quits/contract';
import { pushSubscriptions } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, expenseBody, paymentBody, personId } from '../support/fixtures';
import { type PushEndpoint, type PushRequest, startPushEndpoint } from '../support/push-endpoint';
import {
  type ApiClient,
  apiClient,
  DATABASES,
  startTestApp,
  type TestApp,
} from '../support/test-app';
import {
  type BrowserKeys,
  decryptPushMessage,
  makeBrowserKeys,
  verifyVapidHeader,
} from '../support/web-push-crypto';

/** Long enough for a wrongly sent message to arrive on this machine. */
const QUIET_MS = 300;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A phone or laptop with the app: its API client (with its Device-ID) and its push keys. */
interface Device {
  api: ApiClient;
  keys: BrowserKeys;
  path: string;
}

describe.each(DATABASES)('push notifications on %s', (kind) => {
  let endpoint: PushEndpoint;
  let started: TestApp;

  beforeAll(async () => {
    endpoint = await startPushEndpoint();
    started = await startTestApp(kind, {}, { push: endpoint.transport });
  });
  afterAll(async () => {
    await started?.close();
    await endpoint?.close();
  });

  const device = (): Device => ({
    api: apiClient(started.app),
    keys: makeBrowserKeys(),
    path: `/push/${randomUUID()}`,
  });

  const subscribe = async (on: Device, eventId: string, locale: string) => {
    const body = { endpoint: endpoint.url(on.path), keys: on.keys.json, locale };
    const answer = await on.api.post(`/api/push/${eventId}`, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  };

  const read = (request: PushRequest, on: Device): PushNotification =>
    pushNotificationSchema.parse(JSON.parse(decryptPushMessage(request.body, on.keys)));

  /** Two devices following one event: A (English, Ana) makes changes, B (German) hears of them. */
  const twoDevices = async () => {
    const a = device();
    const b = device();
    const event: Event = await createEvent(a.api);
    await subscribe(a, event.id, 'en');
    await subscribe(b, event.id, 'de');
    const ana = personId(event, 'Ana');
    return { a, b, event, ana, asAna: { 'who-am-i': ana } };
  };

  it('tells the other device of a new expense, encrypted to it, in its language, signed by the server', async () => {
    const { a, b, event, ana, asAna } = await twoDevices();
    const expense = expenseBody({ payer: ana, among: [ana], amount: 4000, title: 'Taxi' });
    const created = await a.api.post(`/api/event/${event.id}/expenditure`, expense, asAna);
    expect(created.status).toBe(201);

    const [request] = await endpoint.waitFor(b.path, 1);
    if (!request) throw new Error('no push request');
    expect(request.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: '86400',
      urgency: 'normal',
      topic: expense.id.replaceAll('-', ''),
    });
    expect(read(request, b)).toEqual({
      title: 'Lisbon trip',
      body: 'Ana hat „Taxi“ hinzugefügt – 40,00\u00a0€',
      url: `event/expense/${event.id}/${expense.id}`,
      tag: `expense-${expense.id}`,
      event_id: event.id,
      lang: 'de',
    });

    const key = await a.api.get<{ data: { public_key: string } }>('/api/push/key');
    const claims = verifyVapidHeader(
      String(request.headers.authorization),
      key.body.data.public_key,
    );
    expect(claims.aud).toBe(endpoint.origin);
    expect(claims.sub).toMatch(/^(mailto|https):/);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);

    // The author's device is told too: its app hides what it shows already (apps/web/src/sw.ts).
    await endpoint.waitFor(a.path, 1);
    await pause(QUIET_MS);
    expect(endpoint.received(b.path)).toHaveLength(1);
    expect(endpoint.received(a.path)).toHaveLength(1);
  });

  it("cannot be silenced on a device by someone writing with that device's Device-ID", async () => {
    const { a, b, event, ana } = await twoDevices();
    // Someone else's phone, sending the Device-ID of B (as if they had read it somewhere).
    const spoofer = apiClient(started.app, b.api.deviceId);
    const expense = expenseBody({ payer: ana, among: [ana], amount: 700, title: 'Ferry' });
    expect((await spoofer.post(`/api/event/${event.id}/expenditure`, expense)).status).toBe(201);
    const [request] = await endpoint.waitFor(b.path, 1);
    if (!request) throw new Error('no push request');
    expect(read(request, b).body).toBe('Jemand hat „Ferry“ hinzugefügt – 7,00\u00a0€');
    await endpoint.waitFor(a.path, 1);
  });

  it('names a payment, and someone when the device did not say who it is', async () => {
    const { a, b, event } = await twoDevices();
    const ben = personId(event, 'Ben');
    const chloe = personId(event, 'Chloé');
    const payment = paymentBody({ from: ben, to: chloe, amount: 1250 });
    expect((await b.api.post(`/api/event/${event.id}/payments`, payment)).status).toBe(201);
    const [request] = await endpoint.waitFor(a.path, 1);
    if (!request) throw new Error('no push request');
    expect(read(request, a)).toMatchObject({
      body: 'Someone added a payment: Ben paid Chloé €12.50',
      url: `event/payment/${event.id}/${payment.id}`,
      tag: `payment-${payment.id}`,
    });
    await endpoint.waitFor(b.path, 1);
    await pause(QUIET_MS);
    expect(endpoint.received(b.path)).toHaveLength(1);
  });

  it('says nothing of people or deletions', async () => {
    const { a, b, event, ana, asAna } = await twoDevices();
    const expense = expenseBody({ payer: ana, among: [ana], amount: 500 });
    await a.api.post(`/api/event/${event.id}/expenditure`, expense, asAna);
    await endpoint.waitFor(b.path, 1);
    const added = await a.api.post('/api/users', { event_id: event.id, name: 'Dora' }, asAna);
    expect(added.status).toBe(201);
    const deleted = await a.api.del(`/api/event/${event.id}/expenditure/${expense.id}`, asAna);
    expect(deleted.status).toBe(200);
    await pause(QUIET_MS);
    expect(endpoint.received(b.path)).toHaveLength(1);
  });

  it('forgets a subscription the push service says is gone, and keeps one that failed otherwise', async () => {
    const { a, b, event, ana, asAna } = await twoDevices();
    const c = device();
    await subscribe(c, event.id, 'fr');
    endpoint.answer(b.path, 410);
    endpoint.answer(c.path, 500);
    const expense = expenseBody({ payer: ana, among: [ana], amount: 900, title: 'Café' });
    await a.api.post(`/api/event/${event.id}/expenditure`, expense, asAna);
    await endpoint.waitFor(b.path, 1);
    await endpoint.waitFor(c.path, 1);

    const endpoints = async () =>
      (
        await started.database.db
          .select({ endpoint: pushSubscriptions.endpoint })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.eventId, event.id))
      ).map((row) => row.endpoint);
    await expect.poll(endpoints).not.toContain(endpoint.url(b.path));
    expect(await endpoints()).toEqual(
      expect.arrayContaining([endpoint.url(a.path), endpoint.url(c.path)]),
    );

    const changed = {
      ...expenseBody({ payer: ana, among: [ana], amount: 950, title: 'Café' }),
      id: expense.id,
    };
    expect((await a.api.post(`/api/event/${event.id}/expenditure`, changed, asAna)).status).toBe(
      200,
    );
    const [, second] = await endpoint.waitFor(c.path, 2);
    if (!second) throw new Error('no second push request');
    expect(read(second, c).body).toBe('Ana a modifié «\u00a0Café\u00a0» — 9,50\u00a0€');
    await endpoint.waitFor(a.path, 2);
    await pause(QUIET_MS);
    expect(endpoint.received(b.path)).toHaveLength(1);
    expect(endpoint.received(a.path)).toHaveLength(2);
  });

  it('answers the change before the push service has answered', async () => {
    const { a, b, event, ana, asAna } = await twoDevices();
    const release = endpoint.hold(b.path);
    try {
      const expense = expenseBody({ payer: ana, among: [ana], amount: 100 });
      const answer = await a.api.post(`/api/event/${event.id}/expenditure`, expense, asAna);
      // Had the answer waited for the push service, it would never have come: it is held.
      expect(answer.status).toBe(201);
      await endpoint.waitFor(b.path, 1);
    } finally {
      release();
    }
  });
});

describe('closing the app', () => {
  it('waits for a notification still being sent', async () => {
    const endpoint = await startPushEndpoint();
    const started = await startTestApp('pglite', {}, { push: endpoint.transport });
    try {
      const a = apiClient(started.app);
      const b = { keys: makeBrowserKeys(), path: `/push/${randomUUID()}` };
      const event = await createEvent(a);
      const body = { endpoint: endpoint.url(b.path), keys: b.keys.json };
      expect((await apiClient(started.app).post(`/api/push/${event.id}`, body)).status).toBe(201);
      const release = endpoint.hold(b.path);
      const ana = personId(event, 'Ana');
      await a.post(
        `/api/event/${event.id}/expenditure`,
        expenseBody({ payer: ana, among: [ana], amount: 100 }),
      );
      await endpoint.waitFor(b.path, 1);

      let closed = false;
      const closing = started.app.close().then(() => {
        closed = true;
      });
      await pause(QUIET_MS);
      expect(closed).toBe(false);
      release();
      await closing;
      expect(closed).toBe(true);
    } finally {
      await started.close();
      await endpoint.close();
    }
  });
});
