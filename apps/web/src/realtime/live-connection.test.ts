import { deviceId } from '@web/lib/device-id';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LiveMessage, listenToEvent } from './live-connection';

const EVENT_ID = 'ePPUbBK4SwaFdV-grodJMQ';
const CHANNEL = `private-event.${EVENT_ID}`;
/** What the server's channel signature names this device in the event. */
const MINE = 'Zm9yLXRoaXMtZGV2aWNlAA';

type Handler = (data: unknown) => void;
type Authorise = (
  request: { socketId: string; channelName: string },
  callback: (error: Error | null, data: { auth: string } | null) => void,
) => void;

/** pusher-js as far as the app uses it: a join is signed first, then messages are delivered. */
const pusher = vi.hoisted(() => ({
  handlers: new Map<string, Handler>(),
  signed: [] as unknown[],
}));

vi.mock('pusher-js', () => ({
  default: class {
    readonly connection = { state: 'connecting', bind() {} };
    readonly #authorise: Authorise;
    constructor(_key: string, options: { channelAuthorization: { customHandler: Authorise } }) {
      this.#authorise = options.channelAuthorization.customHandler;
    }
    subscribe(channelName: string) {
      const joined = new Promise<void>((resolve) =>
        this.#authorise({ socketId: '123.456', channelName }, (_error, data) => {
          pusher.signed.push(data);
          resolve();
        }),
      );
      return {
        bind: (event: string, handler: Handler) =>
          pusher.handlers.set(event, (data) => void joined.then(() => handler(data))),
      };
    }
    unsubscribe() {}
  },
}));

const REALTIME = {
  key: 'quits',
  host: null,
  port: null,
  tls: false,
  path: '',
  auth_endpoint: '/auth',
};

describe('live messages', () => {
  beforeEach(() => {
    vi.stubGlobal('location', { protocol: 'http:', hostname: 'localhost', port: '8080' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ auth: 'quits:signature', device_id: MINE })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("are this device's own only when they carry the pseudonym the channel's signature gave it", async () => {
    const heard: LiveMessage[] = [];
    const stop = listenToEvent(REALTIME, EVENT_ID, {
      onMessage: (message) => heard.push(message),
      onJoined: () => {},
      onRefused: () => {},
    });
    await vi.waitFor(() => expect(pusher.handlers.get('ExpenseCreated')).toBeDefined());
    const deliver = (device: string | null) =>
      pusher.handlers.get('ExpenseCreated')?.({ entity: null, device_id: device, user_id: null });

    deliver(MINE);
    deliver('b3RoZXItZGV2aWNlLWlkAA');
    deliver(null);
    // The server never sends a Device-ID; one that did would not count as this device's.
    deliver(deviceId());
    await vi.waitFor(() => expect(heard).toHaveLength(4));
    expect(heard.map((message) => message.mine)).toEqual([true, false, false, false]);
    expect(heard[0]).toMatchObject({ name: 'ExpenseCreated', device_id: MINE });

    // pusher-js is handed the signature alone, as it expects; the join was signed for this device.
    expect(pusher.signed).toEqual([{ auth: 'quits:signature' }]);
    expect(fetch).toHaveBeenCalledWith(
      '/auth',
      expect.objectContaining({
        headers: expect.objectContaining({ 'Device-ID': deviceId() }),
        body: JSON.stringify({ socket_id: '123.456', channel_name: CHANNEL }),
      }),
    );
    stop();
  });

  it('asks for a fresh read on every join of the channel: the first, and each after a reconnect', async () => {
    let joins = 0;
    const stop = listenToEvent(REALTIME, EVENT_ID, {
      onMessage: () => {},
      onJoined: () => {
        joins += 1;
      },
      onRefused: () => {},
    });
    const joined = () => pusher.handlers.get('pusher:subscription_succeeded');
    await vi.waitFor(() => expect(joined()).toBeDefined());
    // pusher-js says so again each time it joins its channels anew on a new connection.
    joined()?.({});
    joined()?.({});
    await vi.waitFor(() => expect(joins).toBe(2));
    stop();
  });

  it('asks for a read when the server refuses the join (the event was deleted meanwhile)', async () => {
    let refusals = 0;
    const stop = listenToEvent(REALTIME, EVENT_ID, {
      onMessage: () => {},
      onJoined: () => {},
      onRefused: () => {
        refusals += 1;
      },
    });
    const refused = () => pusher.handlers.get('pusher:subscription_error');
    await vi.waitFor(() => expect(refused()).toBeDefined());
    refused()?.({ type: 'AuthError', status: 410 });
    await vi.waitFor(() => expect(refusals).toBe(1));
    stop();
  });
});
