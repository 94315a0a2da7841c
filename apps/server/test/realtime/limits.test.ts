import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../support/fixtures';
import { type ApiClient, apiClient, startTestApp, type TestApp } from '../support/test-app';
import { closeSockets, expectedAuth, listen, RawSocket } from './realtime-support';

// Limits belong to the socket server, not the database: PGlite is enough.
describe('the bounds of the socket server', () => {
  let started: TestApp;
  let api: ApiClient;
  let port: number;
  const sockets: RawSocket[] = [];

  const connect = async () => {
    const socket = RawSocket.connect(port);
    sockets.push(socket);
    return { socket, id: await socket.socketId() };
  };
  const closeAll = () => closeSockets(sockets, started.app);

  beforeAll(async () => {
    started = await startTestApp('pglite', {
      REALTIME_MAX_CONNECTIONS: '2',
      REALTIME_MAX_SUBSCRIPTIONS: '2',
      REALTIME_ACTIVITY_TIMEOUT: '1',
    });
    api = apiClient(started.app);
    ({ port } = await listen(started.app));
  });
  afterAll(async () => {
    await closeAll();
    await started?.close();
  });

  it('tells a connection past the limit to come back later (4100), and takes it once one left', async () => {
    await connect();
    await connect();
    const third = RawSocket.connect(port);
    const error = await third.next((frame) => frame.event === 'pusher:error');
    expect(error.data).toMatchObject({ code: 4100 });
    expect((await third.closed).code).toBe(4100);

    await closeAll();
    const { id } = await connect();
    expect(id).toMatch(/^\d+\.\d+$/);
    await closeAll();
  });

  it('lets one socket join at most the configured number of channels', async () => {
    const { socket, id } = await connect();
    const credentials = started.app.realtime.credentials;
    const join = async (eventId: string) => {
      const channel = `private-event.${eventId}`;
      const from = socket.frames.length;
      socket.send('pusher:subscribe', { channel, auth: expectedAuth(credentials, id, channel) });
      return socket.next(
        (frame) =>
          frame.channel === channel &&
          ['pusher_internal:subscription_succeeded', 'pusher:subscription_error'].includes(
            frame.event,
          ),
        from,
      );
    };
    const events = await Promise.all([1, 2, 3].map(() => createEvent(api)));
    const [first, second, third] = events.map((event) => event.id) as [string, string, string];
    expect((await join(first)).event).toBe('pusher_internal:subscription_succeeded');
    expect((await join(second)).event).toBe('pusher_internal:subscription_succeeded');
    const refused = await join(third);
    expect(refused).toMatchObject({ event: 'pusher:subscription_error', data: { status: 429 } });

    // Leaving one makes room again.
    socket.send('pusher:unsubscribe', { channel: `private-event.${first}` });
    expect((await join(third)).event).toBe('pusher_internal:subscription_succeeded');
    await closeAll();
  });

  it('pings a silent socket after the activity timeout and closes it when no pong comes (4201)', async () => {
    const { socket } = await connect();
    const since = Date.now();
    await socket.next((frame) => frame.event === 'pusher:ping');
    expect(Date.now() - since).toBeGreaterThanOrEqual(900);
    const error = await socket.next((frame) => frame.event === 'pusher:error');
    expect(error.data).toMatchObject({ code: 4201 });
    expect((await socket.closed).code).toBe(4201);
    expect(Date.now() - since).toBeLessThan(4_000);
    await closeAll();
  });

  it('keeps a socket that answers its pings', async () => {
    const { socket } = await connect();
    for (let round = 0; round < 2; round += 1) {
      const from = socket.frames.length;
      await socket.next((frame) => frame.event === 'pusher:ping', from);
      socket.send('pusher:pong', {});
    }
    // Two timeouts later it is still open and still answers.
    const from = socket.frames.length;
    socket.send('pusher:ping', {});
    await socket.next((frame) => frame.event === 'pusher:pong', from);
    expect(socket.frames.some((frame) => frame.event === 'pusher:error')).toBe(false);
    await closeAll();
  });
});
