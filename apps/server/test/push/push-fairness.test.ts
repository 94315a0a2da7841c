import { randomUUID } from 'node:crypto';
import type { Event } from '@quits/contract';
import { PUSH_QUEUE_LIMITS } from '@server/push/push-notifier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { type PushEndpoint, startPushEndpoint } from '../support/push-endpoint';
import { apiClient, DATABASES, startTestApp, type TestApp } from '../support/test-app';
import { makeBrowserKeys } from '../support/web-push-crypto';

/** Browsers of the busy event: more than every slot the server has for sending. */
const BUSY_BROWSERS = PUSH_QUEUE_LIMITS.concurrency + 4;

describe.each(DATABASES)('push to one event while another’s browsers never answer (%s)', (kind) => {
  let endpoint: PushEndpoint;
  let started: TestApp;

  beforeAll(async () => {
    endpoint = await startPushEndpoint();
    // Sends never time out here: the slots the busy event holds stay held for the whole test.
    started = await startTestApp(kind, {}, { push: { ...endpoint.transport, timeoutMs: 600_000 } });
  });
  afterAll(async () => {
    await started?.close();
    await endpoint?.close();
  });

  /** Subscribes a new browser (its own device) to the event; its endpoint's path. */
  const subscribe = async (event: Event) => {
    const path = `/push/${randomUUID()}`;
    const body = { endpoint: endpoint.url(path), keys: makeBrowserKeys().json };
    expect((await apiClient(started.app).post(`/api/push/${event.id}`, body)).status).toBe(201);
    return path;
  };

  const addExpense = async (event: Event) => {
    const ana = personId(event, 'Ana');
    const expense = expenseBody({ payer: ana, among: [ana], amount: 100 });
    const answer = await apiClient(started.app).post(`/api/event/${event.id}/expenditure`, expense);
    expect(answer.status).toBe(201);
  };

  it('reaches the other event’s browser while the busy event holds only its own slots', async () => {
    const api = apiClient(started.app);
    const busy = await createEvent(api);
    const quiet = await createEvent(api);
    const busyPaths: string[] = [];
    for (let index = 0; index < BUSY_BROWSERS; index += 1) busyPaths.push(await subscribe(busy));
    const quietPath = await subscribe(quiet);
    // The busy event's push service takes its messages and never answers them.
    const releases = busyPaths.map((path) => endpoint.hold(path));
    const busyReceived = () =>
      busyPaths.reduce((sum, path) => sum + endpoint.received(path).length, 0);
    try {
      await addExpense(busy);
      // Nothing frees a slot during the test, so the count stops at the event's share: the
      // generous wait only bounds how long a loaded machine may take to get there.
      await expect.poll(busyReceived, { timeout: 20_000 }).toBe(PUSH_QUEUE_LIMITS.perEvent);
      await addExpense(quiet);
      expect(await endpoint.waitFor(quietPath, 1)).toHaveLength(1);
      // Still the same few sends of the busy event under way: it waits on itself alone.
      expect(busyReceived()).toBe(PUSH_QUEUE_LIMITS.perEvent);
    } finally {
      for (const release of releases) release();
    }
  });
});
