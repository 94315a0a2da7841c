import { randomUUID } from 'node:crypto';
import type { Event } from '@quits/contract';
import { pushSubscriptions } from '@server/db/schema';
import type { ResolvedAddress } from '@server/push/push-service-address';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../support/api-checks';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { type PushEndpoint, startPushEndpoint } from '../support/push-endpoint';
import {
  type ApiClient,
  apiClient,
  DATABASES,
  startTestApp,
  type TestApp,
} from '../support/test-app';
import { makeBrowserKeys } from '../support/web-push-crypto';

/** What a browser sends for `endpoint`. */
const subscription = (endpoint: string) => ({ endpoint, keys: makeBrowserKeys().json });

describe.each(DATABASES)('what a push endpoint may be (%s)', (kind) => {
  let endpoint: PushEndpoint;
  let started: TestApp;
  // What the DNS answers for each name; a name not here is not found.
  const dns = new Map<string, ResolvedAddress[]>();
  const resolved: string[] = [];

  beforeAll(async () => {
    endpoint = await startPushEndpoint();
    // The test's push service, trusted and reached on its port, but under the production rule:
    // public addresses only. Only the resolver tells the app where a name leads.
    started = await startTestApp(
      kind,
      {},
      {
        push: {
          ...endpoint.transport,
          allowPrivateNetworks: false,
          resolve: async (hostname) => {
            resolved.push(hostname);
            const answer = dns.get(hostname);
            if (!answer) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
            return answer;
          },
        },
      },
    );
  });
  afterAll(async () => {
    await started?.close();
    await endpoint?.close();
  });

  const setup = async () => {
    const api = apiClient(started.app);
    return { api, event: await createEvent(api) };
  };

  it.each([
    [
      'a host that reads as an IP address to another parser',
      'https://127.0.0.1;.example.invalid/k',
    ],
    ['an IPv4 address', 'https://127.0.0.1/k'],
    ['a short IPv4 address', 'https://127.1/k'],
    ['a hexadecimal IPv4 address', 'https://0x7f.0x1/k'],
    ['an IPv6 address', 'https://[::1]/k'],
    ['an IPv4-mapped IPv6 address', 'https://[::ffff:127.0.0.1]/k'],
    ['a user name', 'https://user@push.quits.test/k'],
    ['a user name and password', 'https://a:b@push.quits.test/k'],
    ['a port other than 443', 'https://push.quits.test:8443/k'],
    ['an empty port', 'https://push.quits.test:/k'],
    ['a backslash', 'https://push.quits.test\\@127.0.0.1/k'],
    ['an escaped dot in the host', 'https://push%2equits.test/k'],
    ['a space', 'https://push.quits.test/a b'],
    ['a fragment', 'https://push.quits.test/k#x'],
    ['a name without a dot', 'https://localhost/k'],
    ['a name with an underscore', 'https://push_1.quits.test/k'],
    ['a trailing dot', 'https://push.quits.test./k'],
    ['a non-ASCII name', 'https://püsh.quits.test/k'],
    ['plain http', 'http://push.quits.test/k'],
  ])('refuses %s with a 422 naming the endpoint', async (_, url) => {
    const { api, event } = await setup();
    const answer = await api.post(`/api/push/${event.id}`, subscription(url));
    const body = expectFieldError(answer, 'endpoint');
    expect(body.errors.endpoint?.[0]).toMatch(/https:\/\/ URL of a push service/);
    expect(await storedEndpoints(event.id)).toEqual([]);
  });

  it.each([
    ['loopback', '127.0.0.1'],
    ['a private network', '10.1.2.3'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['shared address space (CGNAT)', '100.64.0.1'],
    ['documentation', '198.51.100.7'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unique-local', 'fd00::1'],
    ['IPv4 mapped into IPv6', '::ffff:10.0.0.1'],
  ])('refuses a name that leads to %s with a 422 that says why', async (_, address) => {
    const { api, event } = await setup();
    const host = `n${randomUUID().slice(0, 8)}.quits.test`;
    dns.set(host, [{ address, family: address.includes(':') ? 6 : 4 }]);
    const answer = await api.post(`/api/push/${event.id}`, subscription(`https://${host}/k`));
    const body = expectFieldError(answer, 'endpoint');
    expect(body.message).toBe(`The push service ${host} is not on the public internet.`);
    expect(body.errors.endpoint).toEqual([body.message]);
  });

  it('refuses a name with one private address among public ones', async () => {
    const { api, event } = await setup();
    dns.set('mixed.quits.test', [
      { address: '142.250.74.106', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ]);
    const answer = await api.post(
      `/api/push/${event.id}`,
      subscription('https://mixed.quits.test/k'),
    );
    expectFieldError(answer, 'endpoint');
  });

  it('refuses a name the DNS does not know with a 422', async () => {
    const { api, event } = await setup();
    const answer = await api.post(
      `/api/push/${event.id}`,
      subscription('https://unknown.quits.test/k'),
    );
    expect(expectError(answer, 422).message).toBe(
      'The push service unknown.quits.test could not be found.',
    );
  });

  it('answers 404 for an unknown event without asking the DNS about the name', async () => {
    const api = apiClient(started.app);
    const before = resolved.length;
    const answer = await api.post(
      '/api/push/ZmFrZV9ldmVudF9pZF8xMjM0NTY',
      subscription(`https://n${randomUUID().slice(0, 8)}.quits.test/k`),
    );
    expectError(answer, 404);
    expect(resolved.length).toBe(before);
  });

  it('accepts a public push service, with port 443 said or not', async () => {
    const { api, event } = await setup();
    dns.set('fcm.googleapis.com', [{ address: '142.250.74.106', family: 4 }]);
    for (const url of [
      `https://fcm.googleapis.com/fcm/send/${randomUUID()}:APA91b-x_y`,
      `https://FCM.googleapis.com:443/wpush/v2/${randomUUID()}?token=a%2Fb`,
    ]) {
      expect((await api.post(`/api/push/${event.id}`, subscription(url))).status).toBe(201);
    }
  });

  it('forgets, without a connection, a subscription stored before these rules', async () => {
    const { api, event } = await setup();
    const keys = makeBrowserKeys().json;
    await started.database.db.insert(pushSubscriptions).values({
      eventId: event.id,
      endpoint: 'https://127.0.0.1;.example.invalid/k',
      p256dh: keys.p256dh,
      auth: keys.auth,
      locale: 'en',
    });
    const resolvedBefore = resolved.length;
    await addExpense(api, event);
    await expect.poll(() => storedEndpoints(event.id)).toEqual([]);
    expect(resolved.length).toBe(resolvedBefore);
  });

  it('sends nothing to a name that leads to the server’s own network by the time it sends', async () => {
    const { api, event } = await setup();
    const path = `/push/${randomUUID()}`;
    // Public when subscribing, loopback when sending (a DNS answer that changed meanwhile).
    dns.set('push.quits.test', [{ address: '142.250.74.106', family: 4 }]);
    // Another device: the one that makes a change is not told of it.
    const other = apiClient(started.app);
    expect(
      (await other.post(`/api/push/${event.id}`, subscription(endpoint.url(path)))).status,
    ).toBe(201);
    dns.set('push.quits.test', [{ address: '127.0.0.1', family: 4 }]);
    const sendsBefore = resolved.length;
    await addExpense(api, event);
    await expect.poll(() => resolved.length > sendsBefore).toBe(true);
    await started.app.close();
    expect(endpoint.received(path)).toHaveLength(0);
    // Kept: the name may lead to a public address again.
    expect(await storedEndpoints(event.id)).toEqual([endpoint.url(path)]);
  });

  async function storedEndpoints(eventId: string): Promise<string[]> {
    const rows = await started.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.eventId, eventId));
    return rows.map((row) => row.endpoint);
  }
});

async function addExpense(api: ApiClient, event: Event) {
  const ana = personId(event, 'Ana');
  const expense = expenseBody({ payer: ana, among: [ana], amount: 100 });
  expect((await api.post(`/api/event/${event.id}/expenditure`, expense)).status).toBe(201);
}
