import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../support/fixtures';
import {
  type ApiClient,
  apiClient,
  DATABASES,
  startTestApp,
  type TestApp,
} from '../support/test-app';
import {
  expectedAuth,
  listen,
  listenTo,
  pusherClient,
  RawSocket,
  WAIT_MS,
} from './realtime-support';

describe.each(DATABASES)('signing a subscription on %s', (kind) => {
  let started: TestApp;
  let api: ApiClient;
  let baseUrl: string;

  beforeAll(async () => {
    started = await startTestApp(kind);
    api = apiClient(started.app);
    baseUrl = (await listen(started.app)).baseUrl;
  });
  afterAll(async () => {
    await started?.close();
  });

  const authorise = (body: string, contentType: string) =>
    fetch(`${baseUrl}/api/broadcasting/auth`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });

  it("signs an event's channel for a form post (pusher-js) and a JSON post (Echo, our app)", async () => {
    const event = await createEvent(api);
    const channel = `private-event.${event.id}`;
    const expected = expectedAuth(started.app.realtime.credentials, '123.456', channel);

    const form = new URLSearchParams({ socket_id: '123.456', channel_name: channel });
    const fromForm = await authorise(form.toString(), 'application/x-www-form-urlencoded');
    expect(fromForm.status).toBe(200);
    expect(await fromForm.json()).toEqual({ auth: expected, device_id: null });

    const json = JSON.stringify({ socket_id: '123.456', channel_name: channel });
    const fromJson = await authorise(json, 'application/json');
    expect(await fromJson.json()).toEqual({ auth: expected, device_id: null });
    expect(expected).toMatch(/^quits:[0-9a-f]{64}$/);
  });

  it("tells the device its own pseudonym in the event, as the channel's messages name it", async () => {
    const event = await createEvent(api);
    const channel = `private-event.${event.id}`;
    const signed = await api.post<{ auth: string; device_id: string | null }>(
      '/api/broadcasting/auth',
      { socket_id: '123.456', channel_name: channel },
    );
    expect(signed.status).toBe(200);
    expect(signed.body.device_id).toBe(started.app.devices.of(event.id, api.deviceId));
    expect(signed.body.device_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('refuses an unknown (404) or deleted (410) event and any other channel (403)', async () => {
    const sign = async (channel: string) => {
      const body = JSON.stringify({ socket_id: '1.2', channel_name: channel });
      return (await authorise(body, 'application/json')).status;
    };
    expect(await sign('private-event.AAAAAAAAAAAAAAAAAAAAAA')).toBe(404);
    const deleted = await createEvent(api);
    await api.del(`/api/events/${deleted.id}`);
    expect(await sign(`private-event.${deleted.id}`)).toBe(410);

    const event = await createEvent(api);
    expect(await sign(`presence-event.${event.id}`)).toBe(403);
    expect(await sign(`event.${event.id}`)).toBe(403);
    expect(await sign(`private-event.${event.id}.x`)).toBe(403);
    expect(await sign('private-event.')).toBe(403);
  });

  it('answers 422 for a malformed socket id', async () => {
    const event = await createEvent(api);
    const body = JSON.stringify({ socket_id: '1.2:x', channel_name: `private-event.${event.id}` });
    const answer = await authorise(body, 'application/json');
    expect(answer.status).toBe(422);
    expect(((await answer.json()) as { errors: object }).errors).toHaveProperty('socket_id');
  });
});

// The socket protocol does not depend on the database.
describe('joining a channel over the socket', () => {
  let started: TestApp;
  let api: ApiClient;
  let port: number;
  let baseUrl: string;

  beforeAll(async () => {
    started = await startTestApp('pglite');
    api = apiClient(started.app);
    ({ port, baseUrl } = await listen(started.app));
  });
  afterAll(async () => {
    await started?.close();
  });

  it('refuses a private subscription without a signature or with a wrong one (4009)', async () => {
    const event = await createEvent(api);
    const channel = `private-event.${event.id}`;
    const socket = RawSocket.connect(port);
    const socketId = await socketIdOf(socket);
    const credentials = started.app.realtime.credentials;

    socket.send('pusher:subscribe', { channel });
    const unsigned = await socket.next((frame) => frame.event === 'pusher:error');
    expect(unsigned.data).toMatchObject({ code: 4009 });
    const refusal = await socket.next((frame) => frame.event === 'pusher:subscription_error');
    expect(refusal).toMatchObject({ channel, data: { type: 'AuthError', status: 401 } });

    const seen = socket.frames.length;
    // Signed for another socket, and signed with another secret.
    const otherSocket = expectedAuth(credentials, '1.1', channel);
    const otherSecret = expectedAuth(
      { ...credentials, secret: 'not the secret' },
      socketId,
      channel,
    );
    for (const auth of [otherSocket, otherSecret, 'quits:', 'quits']) {
      const from = socket.frames.length;
      socket.send('pusher:subscribe', { channel, auth });
      const error = await socket.next((frame) => frame.event === 'pusher:error', from);
      expect(error.data).toMatchObject({ code: 4009 });
    }
    expect(socket.frames.slice(seen).map((frame) => frame.event)).not.toContain(
      'pusher_internal:subscription_succeeded',
    );

    socket.send('pusher:subscribe', {
      channel,
      auth: expectedAuth(credentials, socketId, channel),
    });
    const joined = await socket.next(
      (frame) => frame.event === 'pusher_internal:subscription_succeeded',
    );
    expect(joined.channel).toBe(channel);
    socket.close();
  });

  it('refuses a channel that is not an event channel, even signed (4009)', async () => {
    const socket = RawSocket.connect(port);
    const socketId = await socketIdOf(socket);
    const credentials = started.app.realtime.credentials;
    for (const channel of ['lobby', 'private-lobby', 'presence-event.AAAAAAAAAAAAAAAAAAAAAA']) {
      const from = socket.frames.length;
      socket.send('pusher:subscribe', {
        channel,
        auth: expectedAuth(credentials, socketId, channel),
      });
      const error = await socket.next((frame) => frame.event === 'pusher:error', from);
      expect(error.data).toMatchObject({ code: 4009 });
    }
    socket.close();
  });

  it('tells pusher-js of a refused signature on the channel and the connection', async () => {
    const event = await createEvent(api);
    const pusher = pusherClient({
      key: 'quits',
      port,
      authUrl: `${baseUrl}/api/broadcasting/auth`,
      tamper: (auth) => `${auth.slice(0, -1)}${auth.endsWith('0') ? '1' : '0'}`,
    });
    try {
      const connectionError = new Promise<unknown>((resolve) =>
        pusher.connection.bind('error', (error: unknown) => resolve(error)),
      );
      await expect(listenTo(pusher, `private-event.${event.id}`)).rejects.toThrow(/AuthError/);
      expect(await connectionError).toMatchObject({ type: 'PusherError', data: { code: 4009 } });
    } finally {
      pusher.disconnect();
    }
  });

  it('refuses an unknown app key (4001) and a missing or other protocol version', async () => {
    for (const [key, query, code] of [
      ['nope', '?protocol=7', 4001],
      ['quits', '', 4008],
      ['quits', '?protocol=6', 4007],
    ] as const) {
      const socket = RawSocket.connect(port, key, query);
      const error = await socket.next((frame) => frame.event === 'pusher:error');
      expect(error.data).toMatchObject({ code });
      expect((await socket.closed).code).toBe(code);
    }
  });

  it('tells pusher-js that the app key is unknown and stops it from retrying', async () => {
    const pusher = pusherClient({ key: 'nope', port, authUrl: `${baseUrl}/api/broadcasting/auth` });
    try {
      const error = new Promise<unknown>((resolve) => pusher.connection.bind('error', resolve));
      // 'refused': pusher-js disconnects rather than retrying.
      await new Promise<void>((resolve, reject) => {
        setTimeout(() => reject(new Error('still connecting')), WAIT_MS).unref();
        pusher.connection.bind('disconnected', resolve);
      });
      expect(await error).toMatchObject({ error: { type: 'PusherError', data: { code: 4001 } } });
      expect(pusher.connection.state).toBe('disconnected');
    } finally {
      pusher.disconnect();
    }
  });

  it('answers a ping with a pong, and refuses client events and garbage without closing', async () => {
    const socket = RawSocket.connect(port);
    await socketIdOf(socket);
    socket.send('pusher:ping', {});
    await socket.next((frame) => frame.event === 'pusher:pong');

    let from = socket.frames.length;
    socket.send('client-typing', {});
    expect(
      (await socket.next((frame) => frame.event === 'pusher:error', from)).data.message,
    ).toMatch(/Client events/);
    from = socket.frames.length;
    socket.socket.send('not json');
    await socket.next((frame) => frame.event === 'pusher:error', from);
    from = socket.frames.length;
    socket.send('pusher:ping', {});
    await socket.next((frame) => frame.event === 'pusher:pong', from);
    socket.close();
  });

  it('closes a socket that sends a frame over 10 KB (1009)', async () => {
    const socket = RawSocket.connect(port);
    await socketIdOf(socket);
    socket.send('pusher:subscribe', { channel: 'x'.repeat(11_000) });
    expect((await socket.closed).code).toBe(1009);
  });

  it('answers 404 to a socket on any other path, and keeps serving HTTP', async () => {
    const socket = new RawSocket(`ws://127.0.0.1:${port}/socket?protocol=7`);
    expect((await socket.closed).code).toBe(1006);
    expect((await fetch(`${baseUrl}/api/config`)).status).toBe(200);
  });

  it('has pusher-js connect with the socket id and activity timeout the server gives', async () => {
    const pusher = new Pusher('quits', {
      cluster: '',
      wsHost: '127.0.0.1',
      wsPort: port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
    });
    try {
      await new Promise<void>((resolve) => pusher.connection.bind('connected', resolve));
      expect(pusher.connection.socket_id).toMatch(/^\d+\.\d+$/);
      expect(started.app.realtime.server?.connectionCount).toBeGreaterThanOrEqual(1);
    } finally {
      pusher.disconnect();
    }
  });
});

async function socketIdOf(socket: RawSocket): Promise<string> {
  const id = await socket.socketId();
  const established = socket.frames[0];
  expect(established?.data).toMatchObject({ activity_timeout: 30 });
  expect(id).toMatch(/^\d+\.\d+$/);
  return id;
}
