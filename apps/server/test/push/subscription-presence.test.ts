import { randomUUID } from 'node:crypto';
import type { Event } from '@quits/contract';
import type { CurrencyStore } from '@server/currencies/currency-store';
import type { Database } from '@server/db/connection';
import { PushNotifier } from '@server/push/push-notifier';
import type { PushTransport } from '@server/push/push-transport';
import { SubscriptionPresence } from '@server/push/subscription-presence';
import type { EventChange } from '@server/realtime/change-feed';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { type PushEndpoint, startPushEndpoint } from '../support/push-endpoint';
import {
  apiClient,
  DATABASES,
  startSecondInstance,
  startTestApp,
  type TestApp,
} from '../support/test-app';
import { makeBrowserKeys } from '../support/web-push-crypto';

describe('SubscriptionPresence', () => {
  it('remembers "none" only from a read that no subscription overtook', () => {
    const presence = new SubscriptionPresence(true);
    const before = presence.epoch();
    presence.rememberEmpty(before, 'event-a');
    expect(presence.knownEmpty('event-a')).toBe(true);

    const reading = presence.epoch();
    presence.subscribed('event-b');
    presence.rememberEmpty(reading, 'event-b');
    expect(presence.knownEmpty('event-b')).toBe(false);

    presence.subscribed('event-a');
    expect(presence.knownEmpty('event-a')).toBe(false);
  });

  it('trusts nothing while the stream of other instances is down, and starts afresh after', () => {
    const presence = new SubscriptionPresence(false);
    expect(presence.epoch()).toBeNull();
    presence.rememberEmpty(presence.epoch(), 'event-a');
    expect(presence.knownEmpty('event-a')).toBe(false);

    presence.trust();
    presence.rememberEmpty(presence.epoch(), 'event-a');
    expect(presence.knownEmpty('event-a')).toBe(true);
    const reading = presence.epoch();
    presence.distrust();
    expect(presence.knownEmpty('event-a')).toBe(false);
    presence.trust();
    presence.rememberEmpty(reading, 'event-b');
    expect(presence.knownEmpty('event-b')).toBe(false);
  });

  it('keeps a bounded number of events, forgetting the oldest', () => {
    const presence = new SubscriptionPresence(true, 2);
    for (const id of ['a', 'b', 'c']) presence.rememberEmpty(presence.epoch(), id);
    expect(['a', 'b', 'c'].map((id) => presence.knownEmpty(id))).toEqual([false, true, true]);
  });
});

describe('PushNotifier with no subscriptions', () => {
  /** A database that only counts the notifier's reads and finds no subscription. */
  const countingDatabase = () => {
    const counter = { reads: 0 };
    const db = {
      select: () => {
        counter.reads += 1;
        const rows = { where: async () => [] };
        return { from: () => ({ ...rows, innerJoin: () => rows }) };
      },
    } as unknown as Database;
    return { db, counter };
  };
  const quietLog = { warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
  const newExpense = (eventId: string): EventChange => ({
    eventId,
    version: 2,
    at: new Date(0).toISOString(),
    deleted: false,
    deviceId: randomUUID(),
    activities: [
      {
        entity: 'expenditure',
        entityId: randomUUID(),
        action: 'created',
        before: null,
        after: { id: randomUUID(), title: 'Taxi', amount: 1200, currency_id: 'EUR' },
      },
    ],
  });

  it('asks the database once per event, then not again until someone subscribes', async () => {
    const { db, counter } = countingDatabase();
    const presence = new SubscriptionPresence(true);
    const notifier = new PushNotifier({
      db,
      currencies: {} as CurrencyStore,
      transport: {} as PushTransport,
      log: quietLog,
      presence,
      jobTimeoutMs: 1_000,
    });
    const settled = () => new Promise((resolve) => setTimeout(resolve, 20));
    notifier.noteChange(newExpense('event-a'));
    await settled();
    expect(counter.reads).toBe(1);
    for (let change = 0; change < 5; change++) notifier.noteChange(newExpense('event-a'));
    await settled();
    expect(counter.reads).toBe(1);
    notifier.noteChange(newExpense('event-b'));
    await settled();
    expect(counter.reads).toBe(2);
    presence.subscribed('event-a');
    notifier.noteChange(newExpense('event-a'));
    await settled();
    expect(counter.reads).toBe(3);
    await notifier.close(1_000);
  });
});

/** Subscribes a new browser at `endpoint` to the event through `app`; its endpoint's path. */
async function subscribeOn(endpoint: PushEndpoint, app: TestApp, eventId: string) {
  const path = `/push/${randomUUID()}`;
  const body = { endpoint: endpoint.url(path), keys: makeBrowserKeys().json, locale: 'en' };
  const answer = await apiClient(app.app).post(`/api/push/${eventId}`, body);
  expect(answer.status).toBe(201);
  return path;
}

/** A new expense by Ana, written through `app` by the device `deviceId`. */
async function addExpense(app: TestApp, event: Event, deviceId: string) {
  const ana = personId(event, 'Ana');
  const answer = await apiClient(app.app, deviceId).post(
    `/api/event/${event.id}/expenditure`,
    expenseBody({ payer: ana, among: [ana], amount: 900 }),
  );
  expect(answer.status).toBe(201);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASES)('push after an event was known to have no subscription (%s)', (kind) => {
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

  it('notifies a device that subscribed since', async () => {
    const writer = randomUUID();
    const event = await createEvent(apiClient(started.app, writer));
    // Nobody follows the event yet: this instance now knows it has no subscription.
    await addExpense(started, event, writer);
    await pause(200);
    const path = await subscribeOn(endpoint, started, event.id);
    await addExpense(started, event, writer);
    expect(await endpoint.waitFor(path, 1)).toHaveLength(1);
  });
});

describe.runIf(DATABASES.includes('postgres'))(
  'push after a subscription on another instance of one PostgreSQL',
  () => {
    let endpoint: PushEndpoint;
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      endpoint = await startPushEndpoint();
      const push = endpoint.transport;
      first = await startTestApp('postgres', {}, { push });
      second = await startSecondInstance(first, { push });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
      await endpoint?.close();
    });

    it('notifies the device: the other instance was told by LISTEN', async () => {
      const writer = randomUUID();
      const event = await createEvent(apiClient(first.app, writer));
      // The second instance learns that the event has no subscription.
      await addExpense(second, event, writer);
      await pause(200);
      const path = await subscribeOn(endpoint, first, event.id);
      // The second instance hears of the subscription through NOTIFY, after the commit.
      await pause(500);
      await addExpense(second, event, writer);
      expect(await endpoint.waitFor(path, 1)).toHaveLength(1);
    });
  },
);
