import type { IncomingMessage } from 'node:http';
import { socketAddressReader } from '@server/realtime/socket-address';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASES, startTestApp, type TestApp } from '../support/test-app';
import { closeSockets, expectedAuth, listen, RawSocket } from './realtime-support';

/** An upgrade request as the reader sees it: the peer and the headers. */
const upgradeFrom = (peer: string, forwardedFor?: string) =>
  ({
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: peer },
  }) as unknown as IncomingMessage;

describe('the address a socket is counted under', () => {
  it('is the peer, whatever X-Forwarded-For says, when no proxy is trusted', () => {
    const read = socketAddressReader(undefined);
    expect(read(upgradeFrom('203.0.113.9', '198.51.100.1'))).toBe('203.0.113.9');
  });

  it("is the forwarded client's when the peer is a trusted proxy, and only then", () => {
    const read = socketAddressReader(['loopback']);
    expect(read(upgradeFrom('127.0.0.1', '198.51.100.1'))).toBe('198.51.100.1');
    expect(read(upgradeFrom('203.0.113.9', '198.51.100.1'))).toBe('203.0.113.9');
  });

  it('counts an IPv6 address by its /64, and an IPv4-mapped one as IPv4', () => {
    const read = socketAddressReader(undefined);
    expect(read(upgradeFrom('2001:db8:1:2:aaaa::1'))).toBe(read(upgradeFrom('2001:db8:1:2::ffff')));
    expect(read(upgradeFrom('2001:db8:1:2::1'))).not.toBe(read(upgradeFrom('2001:db8:1:3::1')));
    expect(read(upgradeFrom('::ffff:203.0.113.9'))).toBe('203.0.113.9');
  });
});

describe.each(DATABASES)('sockets per client address, on %s', (kind) => {
  let started: TestApp;
  let port: number;
  const sockets: RawSocket[] = [];

  /** A socket from `client`, as a trusted proxy on 127.0.0.1 forwards it. */
  const connectFrom = (client: string) => {
    const socket = new RawSocket(`ws://127.0.0.1:${port}/app/quits?protocol=7`, {
      'x-forwarded-for': client,
    });
    sockets.push(socket);
    return socket;
  };
  const closeAll = () => closeSockets(sockets, started.app);

  beforeAll(async () => {
    started = await startTestApp(kind, {
      REALTIME_MAX_CONNECTIONS_PER_IP: '2',
      REALTIME_MAX_SUBSCRIPTIONS: '3',
      TRUST_PROXY: 'loopback',
    });
    ({ port } = await listen(started.app));
  });
  afterAll(async () => {
    await closeAll();
    await started?.close();
  });

  it('tells one more socket from an address at its cap to come back later (4100), and not another address', async () => {
    await connectFrom('198.51.100.1').socketId();
    await connectFrom('198.51.100.1').socketId();
    const third = connectFrom('198.51.100.1');
    const error = await third.next((frame) => frame.event === 'pusher:error');
    expect(error.data).toMatchObject({ code: 4100 });
    expect(String(error.data.message)).toMatch(/this address holds 2 sockets/);
    expect((await third.closed).code).toBe(4100);

    // Another address is not affected; a refused socket took nothing.
    await connectFrom('198.51.100.2').socketId();
    expect(started.app.realtime.server?.connectionCount).toBe(3);
    expect(started.app.realtime.server?.addressCount).toBe(2);
    await closeAll();
    expect(started.app.realtime.server?.addressCount).toBe(0);
  });

  it('counts the addresses of one IPv6 /64 together', async () => {
    await connectFrom('2001:db8:5:6::1').socketId();
    await connectFrom('2001:db8:5:6:ffff::2').socketId();
    const refused = connectFrom('2001:db8:5:6:1234::3');
    expect((await refused.closed).code).toBe(4100);
    await connectFrom('2001:db8:5:7::1').socketId();
    await closeAll();
  });

  it('gives the room of a closed socket back to its address', async () => {
    const first = connectFrom('198.51.100.3');
    await first.socketId();
    await connectFrom('198.51.100.3').socketId();
    first.close();
    await first.closed;
    await vi.waitFor(() => expect(started.app.realtime.server?.connectionCount).toBe(1), {
      timeout: 2_000,
      interval: 10,
    });
    await connectFrom('198.51.100.3').socketId();
    await closeAll();
  });

  it('keeps a socket to its channel cap through a flood of distinct channels and of joins and leaves', async () => {
    const socket = connectFrom('198.51.100.4');
    const id = await socket.socketId();
    const { credentials } = started.app.realtime;
    const channelOf = (n: number) => `private-event.flood${String(n).padStart(20, '0')}`;
    const join = (channel: string) =>
      socket.send('pusher:subscribe', { channel, auth: expectedAuth(credentials, id, channel) });
    for (let n = 0; n < 300; n += 1) join(channelOf(n));
    for (let round = 0; round < 200; round += 1) {
      socket.send('pusher:unsubscribe', { channel: channelOf(0) });
      join(channelOf(0));
    }
    // Refusals are sent at once, in order: once the ping is answered, every one was. A join
    // is confirmed later on PostgreSQL (it first reads where the event's history stands).
    socket.send('pusher:ping', {});
    await socket.next((frame) => frame.event === 'pusher:pong');
    const refusals = socket.frames.filter((frame) => frame.event === 'pusher:subscription_error');
    expect(refusals).toHaveLength(297);
    for (const channel of [0, 1, 2].map(channelOf)) {
      await socket.next(
        (frame) =>
          frame.event === 'pusher_internal:subscription_succeeded' && frame.channel === channel,
      );
    }
    // Joined: the first three only (the first again each time it was left, unless left first).
    const joined = socket.frames.filter(
      (frame) => frame.event === 'pusher_internal:subscription_succeeded',
    );
    expect(new Set(joined.map((frame) => frame.channel))).toEqual(
      new Set([0, 1, 2].map(channelOf)),
    );
    expect(started.app.realtime.server?.channelCount).toBe(3);
    await closeAll();
    expect(started.app.realtime.server?.channelCount).toBe(0);
  });
});
