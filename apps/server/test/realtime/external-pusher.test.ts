import { createHash, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { ConfigError, readConfig } from '@server/config';
import { externalPusher } from '@server/realtime/external-publisher';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import {
  type ApiClient,
  apiClient,
  DATABASES,
  startTestApp,
  type TestApp,
} from '../support/test-app';
import { expectedAuth, listen, RawSocket, WAIT_MS } from './realtime-support';

const APP = { id: '4242', key: 'external-key', secret: 'external-secret-0123456789' };

interface Trigger {
  path: string;
  body: { batch: Array<{ channel: string; name: string; data: string }> };
}

/**
 * A stand-in for a Pusher-compatible server's HTTP API: it checks each trigger's signature
 * (Pusher's auth_signature over method, path and sorted query, with body_md5) as Pusher does,
 * records the valid ones and refuses the others with 401.
 */
async function startTriggerStub(): Promise<{
  server: Server;
  port: number;
  triggers: Trigger[];
  refused: number;
}> {
  const stub = { triggers: [] as Trigger[], refused: 0 };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stub');
      const query = Object.fromEntries(url.searchParams);
      const { auth_signature: signature, ...signed } = query;
      const sorted = Object.keys(signed)
        .sort()
        .map((key) => `${key}=${signed[key]}`)
        .join('&');
      const expected = createHmac('sha256', APP.secret)
        .update(`${request.method}\n${url.pathname}\n${sorted}`)
        .digest('hex');
      const fresh = Math.abs(Date.now() / 1000 - Number(query.auth_timestamp)) < 600;
      const valid =
        signature === expected &&
        query.auth_key === APP.key &&
        query.body_md5 === createHash('md5').update(body).digest('hex') &&
        fresh;
      if (!valid) {
        stub.refused += 1;
        response.writeHead(401).end('invalid signature');
        return;
      }
      stub.triggers.push({ path: url.pathname, body: JSON.parse(body) as Trigger['body'] });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no stub address');
  return Object.assign(stub, { server, port: address.port });
}

describe.each(DATABASES)('publishing to an external Pusher server on %s', (kind) => {
  let stub: Awaited<ReturnType<typeof startTriggerStub>>;
  let started: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    stub = await startTriggerStub();
    started = await startTestApp(kind, {
      PUSHER_APP_ID: APP.id,
      PUSHER_KEY: APP.key,
      PUSHER_SECRET: APP.secret,
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: String(stub.port),
      PUSHER_SCHEME: 'http',
    });
    api = apiClient(started.app);
  });
  afterAll(async () => {
    await started?.close();
    await new Promise((resolve) => stub?.server.close(resolve));
  });

  it("triggers each change on the event's channel, signed with the app's secret", async () => {
    const event = await createEvent(api);
    const ana = personId(event, 'Ana');
    const expense = expenseBody({ payer: ana, among: [ana], amount: 700, title: 'Tram' });
    await api.post(`/api/event/${event.id}/expenditure`, expense, { 'who-am-i': ana });
    await api.del(`/api/event/${event.id}/expenditure/${expense.id}`);

    const channel = `private-event.${event.id}`;
    const onChannel = () =>
      stub.triggers
        .flatMap((trigger) => trigger.body.batch)
        .filter((item) => item.channel === channel);
    await vi.waitFor(() => expect(onChannel()).toHaveLength(2), { timeout: WAIT_MS, interval: 10 });
    expect(stub.refused).toBe(0);
    expect(stub.triggers.every((trigger) => trigger.path === `/apps/${APP.id}/batch_events`)).toBe(
      true,
    );
    const [created, deleted] = onChannel();
    expect(created?.name).toBe('ExpenseCreated');
    expect(JSON.parse(created?.data ?? '')).toMatchObject({
      entity: { id: expense.id, title: 'Tram' },
      device_id: started.app.devices.of(event.id, api.deviceId),
      user_id: ana,
    });
    expect(created?.data).not.toContain(api.deviceId);
    expect(deleted?.name).toBe('ExpenseDeleted');
    expect(JSON.parse(deleted?.data ?? '')).toMatchObject({ entity: { id: expense.id } });
  });

  it('points clients at the external server and signs with its secret', async () => {
    const config = await api.get<{ data: { realtime: unknown } }>('/api/config');
    expect(config.body.data.realtime).toEqual({
      key: APP.key,
      host: '127.0.0.1',
      port: stub.port,
      tls: false,
      path: '',
      auth_endpoint: '/api/broadcasting/auth',
    });
    const event = await createEvent(api);
    const channel = `private-event.${event.id}`;
    const signed = await api.post('/api/broadcasting/auth', {
      socket_id: '5.6',
      channel_name: channel,
    });
    expect(signed.body).toEqual({
      auth: expectedAuth(APP, '5.6', channel),
      device_id: started.app.devices.of(event.id, api.deviceId),
    });
  });

  it('serves no sockets of its own', async () => {
    expect(started.app.realtime.server).toBeNull();
    const { port } = await listen(started.app);
    const socket = RawSocket.connect(port, APP.key);
    expect((await socket.closed).code).toBe(1006);
  });
});

describe('choosing the broadcaster from the PUSHER_* variables', () => {
  const full = {
    PUSHER_APP_ID: '1',
    PUSHER_KEY: 'key',
    PUSHER_SECRET: 'a-secret-of-some-length',
    PUSHER_HOST: 'soketi.internal',
    PUSHER_PORT: '6001',
  };

  it('uses the built-in broadcaster when no external server is named, even with a key and secret', () => {
    expect(externalPusher(readConfig({}))).toBeNull();
    expect(
      externalPusher(readConfig({ PUSHER_KEY: 'k', PUSHER_SECRET: 'a-long-secret' })),
    ).toBeNull();
  });

  it('takes TLS from PUSHER_SCHEME or PUSHER_USE_TLS', () => {
    expect(externalPusher(readConfig(full))).toMatchObject({
      host: 'soketi.internal',
      port: 6001,
      useTLS: false,
    });
    expect(externalPusher(readConfig({ ...full, PUSHER_SCHEME: 'https' }))?.useTLS).toBe(true);
    expect(externalPusher(readConfig({ ...full, PUSHER_USE_TLS: 'true' }))?.useTLS).toBe(true);
  });

  it('names what is missing rather than serving without live updates', () => {
    const { PUSHER_SECRET: _secret, PUSHER_PORT: _port, ...partial } = full;
    expect(() => externalPusher(readConfig(partial))).toThrow(ConfigError);
    expect(() => externalPusher(readConfig(partial))).toThrow(/PUSHER_SECRET, PUSHER_PORT/);
    const clash = { ...full, PUSHER_SCHEME: 'https', PUSHER_USE_TLS: 'false' };
    expect(() => externalPusher(readConfig(clash))).toThrow(/disagree/);
  });

  it('takes a variable set to nothing as not set', () => {
    const blank = { PUSHER_APP_ID: '', PUSHER_HOST: '', PUSHER_PORT: '', PUSHER_SCHEME: '' };
    expect(externalPusher(readConfig({ ...blank, REALTIME_MAX_CONNECTIONS: ' ' }))).toBeNull();
    expect(readConfig({ REALTIME_MAX_CONNECTIONS: '' }).REALTIME_MAX_CONNECTIONS).toBe(10_000);
  });

  it('refuses a malformed variable at start, naming it', () => {
    expect(() => readConfig({ PUSHER_PORT: 'six' })).toThrow(/PUSHER_PORT/);
    expect(() => readConfig({ PUSHER_KEY: 'a key/with slash' })).toThrow(/PUSHER_KEY/);
    expect(() => readConfig({ REALTIME_MAX_CONNECTIONS: '0' })).toThrow(/REALTIME_MAX_CONNECTIONS/);
  });
});
