import { randomUUID } from 'node:crypto';
import {
  clientConfigSchema,
  LIMITS,
  type PushSubscriptionRecord,
  pushKeySchema,
  pushSubscriptionRecordSchema,
} from '@quits/contract';
import { pushSubscriptions, settings } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { expectError, expectFieldError } from '../support/api-checks';
import { createEvent } from '../support/fixtures';
import {
  type ApiAnswer,
  apiClient,
  DATABASES,
  startSecondInstance,
  startTestApp,
  useTestApp,
} from '../support/test-app';
import { makeBrowserKeys } from '../support/web-push-crypto';

/** What a browser sends: its PushSubscription JSON and its language. */
function subscription(endpoint = `https://push.example/send/${randomUUID()}`, locale = 'en') {
  return { endpoint, expirationTime: null, keys: makeBrowserKeys().json, locale };
}

describe.each(DATABASES)('push subscription routes on %s', (kind) => {
  const started = useTestApp(kind);

  const setup = async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    return { api, event };
  };

  /** DELETE with a JSON body, which the shared client does not send. */
  const unsubscribe = async (eventId: string, body: unknown): Promise<ApiAnswer> => {
    const answer = await started().app.inject({
      method: 'DELETE',
      url: `/api/push/${eventId}`,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      payload: JSON.stringify(body),
    });
    return { status: answer.statusCode, body: answer.json(), headers: answer.headers };
  };

  const storedFor = (eventId: string) =>
    started()
      .database.db.select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.eventId, eventId));

  it('gives the VAPID public key, the same as the client configuration', async () => {
    const api = apiClient(started().app);
    const answer = await api.get<{ data: unknown }>('/api/push/key');
    expect(answer.status).toBe(200);
    const { public_key } = pushKeySchema.parse(answer.body.data);
    expect(Buffer.from(public_key, 'base64url')).toHaveLength(65);
    expect(public_key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    const config = await api.get<{ data: unknown }>('/api/config');
    expect(clientConfigSchema.parse(config.body.data).push).toEqual({ public_key });
  });

  it('subscribes a browser to an event with its device and language', async () => {
    const { api, event } = await setup();
    const body = { ...subscription(undefined, 'vi'), expirationTime: 1_900_000_000_000 };
    const answer = await api.post<{ data: PushSubscriptionRecord }>(`/api/push/${event.id}`, body);
    expect(answer.status).toBe(201);
    expect(pushSubscriptionRecordSchema.parse(answer.body.data)).toMatchObject({
      event_id: event.id,
      endpoint: body.endpoint,
      locale: 'vi',
      expiration_time: new Date(1_900_000_000_000).toISOString(),
    });
    const [row] = await storedFor(event.id);
    expect(row).toMatchObject({
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      deviceId: api.deviceId,
      locale: 'vi',
    });
  });

  it('writes in English when the browser names no language', async () => {
    const { api, event } = await setup();
    const { locale: _, ...body } = subscription();
    const answer = await api.post<{ data: PushSubscriptionRecord }>(`/api/push/${event.id}`, body);
    expect(answer.status).toBe(201);
    expect(answer.body.data.locale).toBe('en');
  });

  it('updates the subscription when the same endpoint subscribes again, keeping one', async () => {
    const { api, event } = await setup();
    const body = subscription();
    expect((await api.post(`/api/push/${event.id}`, body)).status).toBe(201);
    expect((await api.post(`/api/push/${event.id}`, body)).status).toBe(200);
    const renewed = { ...body, keys: makeBrowserKeys().json, locale: 'it' };
    const other = apiClient(started().app);
    const again = await other.post<{ data: PushSubscriptionRecord }>(
      `/api/push/${event.id}`,
      renewed,
    );
    expect(again.status).toBe(200);
    expect(again.body.data.locale).toBe('it');
    const rows = await storedFor(event.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      p256dh: renewed.keys.p256dh,
      locale: 'it',
      deviceId: other.deviceId,
    });
  });

  it('keeps one subscription per event: the same browser may follow several events', async () => {
    const { api, event } = await setup();
    const second = await createEvent(api);
    const body = subscription();
    expect((await api.post(`/api/push/${event.id}`, body)).status).toBe(201);
    expect((await api.post(`/api/push/${second.id}`, body)).status).toBe(201);
    expect(await storedFor(event.id)).toHaveLength(1);
    expect(await storedFor(second.id)).toHaveLength(1);
  });

  it('answers 404 for an event that does not exist, and 410 for a deleted one', async () => {
    const { api, event } = await setup();
    const unknown = 'x'.repeat(22);
    expectError(await api.post(`/api/push/${unknown}`, subscription()), 404);
    expectError(await unsubscribe(unknown, { endpoint: 'https://push.example/a' }), 404);
    expect((await api.del(`/api/events/${event.id}`)).status).toBe(200);
    expectError(await api.post(`/api/push/${event.id}`, subscription()), 410);
  });

  it.each([
    ['endpoint', { endpoint: undefined }],
    ['endpoint', { endpoint: 'http://push.example/send/1' }],
    ['endpoint', { endpoint: 'not a url' }],
    ['endpoint', { endpoint: `https://push.example/${'a'.repeat(LIMITS.pushEndpoint)}` }],
    ['keys', { keys: undefined }],
    ['keys.p256dh', { keys: { p256dh: 'abc', auth: makeBrowserKeys().json.auth } }],
    ['keys.auth', { keys: { p256dh: makeBrowserKeys().json.p256dh, auth: 'short' } }],
    ['locale', { locale: 'pt' }],
    ['expirationTime', { expirationTime: -1 }],
    ['expirationTime', { expirationTime: 'tomorrow' }],
  ])('refuses a subscription with a bad %s with 422', async (field, change) => {
    const { api, event } = await setup();
    const body = { ...subscription(), ...change };
    expectFieldError(await api.post(`/api/push/${event.id}`, body), field);
    expect(await storedFor(event.id)).toHaveLength(0);
  });

  it('refuses a browser key that is not a point on the P-256 curve', async () => {
    const { api, event } = await setup();
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: makeBrowserKeys().json.auth };
    const answer = await api.post(`/api/push/${event.id}`, { ...subscription(), keys });
    expectFieldError(answer, 'keys.p256dh');
  });

  it('accepts padded base64url keys and stores them unpadded', async () => {
    const { api, event } = await setup();
    const { keys, ...body } = subscription();
    const padded = { p256dh: `${keys.p256dh}=`, auth: `${keys.auth}==` };
    expect((await api.post(`/api/push/${event.id}`, { ...body, keys: padded })).status).toBe(201);
    expect((await storedFor(event.id))[0]).toMatchObject(keys);
  });

  it('refuses a new subscription when the event has as many as allowed, but renews old ones', async () => {
    const { api, event } = await setup();
    const kept = subscription();
    expect((await api.post(`/api/push/${event.id}`, kept)).status).toBe(201);
    const { keys } = subscription();
    await started()
      .database.db.insert(pushSubscriptions)
      .values(
        Array.from({ length: LIMITS.maxPushSubscriptions - 1 }, (_, index) => ({
          eventId: event.id,
          endpoint: `https://push.example/filler/${index}`,
          p256dh: keys.p256dh,
          auth: keys.auth,
          locale: 'en',
        })),
      );
    expectFieldError(await api.post(`/api/push/${event.id}`, subscription()), 'endpoint');
    expect((await api.post(`/api/push/${event.id}`, { ...kept, locale: 'fr' })).status).toBe(200);
    expect(await storedFor(event.id)).toHaveLength(LIMITS.maxPushSubscriptions);
  });

  it('unsubscribes an endpoint; doing it again answers that there was nothing to delete', async () => {
    const { api, event } = await setup();
    const body = subscription();
    const other = subscription();
    await api.post(`/api/push/${event.id}`, body);
    await api.post(`/api/push/${event.id}`, other);
    const first = await unsubscribe(event.id, { endpoint: body.endpoint });
    expect(first).toMatchObject({ status: 200, body: { data: { deleted: true } } });
    const again = await unsubscribe(event.id, { endpoint: body.endpoint });
    expect(again).toMatchObject({ status: 200, body: { data: { deleted: false } } });
    expect((await storedFor(event.id)).map((row) => row.endpoint)).toEqual([other.endpoint]);
  });

  it('refuses to unsubscribe without an https endpoint', async () => {
    const { event } = await setup();
    expectFieldError(await unsubscribe(event.id, {}), 'endpoint');
    expectFieldError(await unsubscribe(event.id, { endpoint: 'ftp://x.example/1' }), 'endpoint');
  });
});

describe.each(DATABASES)('VAPID keys on %s', (kind) => {
  it('are made once and kept in the database across restarts and instances', async () => {
    const first = await startTestApp(kind);
    try {
      const key = (
        await apiClient(first.app).get<{ data: { public_key: string } }>('/api/push/key')
      ).body.data.public_key;
      if (kind === 'postgres') {
        const second = await startSecondInstance(first);
        try {
          const again = await apiClient(second.app).get<{ data: { public_key: string } }>(
            '/api/push/key',
          );
          expect(again.body.data.public_key).toBe(key);
        } finally {
          await second.close();
        }
      }
      const [row] = await first.database.db
        .select()
        .from(settings)
        .where(eq(settings.key, 'vapid'));
      expect(row?.value).toMatchObject({ publicKey: key });
    } finally {
      await first.close();
    }
  });

  it('are taken from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set', async () => {
    const keys = webPush.generateVAPIDKeys();
    const app = await startTestApp(kind, {
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    try {
      const answer = await apiClient(app.app).get<{ data: { public_key: string } }>(
        '/api/push/key',
      );
      expect(answer.body.data.public_key).toBe(keys.publicKey);
    } finally {
      await app.close();
    }
  });
});
