import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Pusher, { type Channel } from 'pusher-js';
import { expect, vi } from 'vitest';
import { WebSocket } from 'ws';

/** Every wait in these tests ends: a message that does not come fails the test. */
export const WAIT_MS = 5_000;

/** Serves the app on 127.0.0.1 at a free port; answers its base URL and port. */
export async function listen(app: FastifyInstance): Promise<{ baseUrl: string; port: number }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return { baseUrl: `http://127.0.0.1:${address.port}`, port: address.port };
}

/** What the auth endpoint must answer: `<key>:<hex HMAC-SHA256 of "socket:channel">`. */
export function expectedAuth(
  credentials: { key: string; secret: string },
  socketId: string,
  channel: string,
): string {
  const hmac = createHmac('sha256', credentials.secret).update(`${socketId}:${channel}`);
  return `${credentials.key}:${hmac.digest('hex')}`;
}

export interface Heard {
  name: string;
  data: {
    entity: Record<string, unknown> | null;
    device_id: string | null;
    user_id: string | null;
  };
}

/** A pusher-js client as a browser tab runs it, authorising at `authUrl` with fetch. */
export function pusherClient(options: {
  key: string;
  port: number;
  authUrl: string;
  /** The path before `/app/{key}`: the server's BASE_PATH. */
  wsPath?: string;
  /** Replaces the signature the server gives (to test refusals). */
  tamper?: (auth: string) => string;
}): Pusher {
  return new Pusher(options.key, {
    cluster: '',
    wsHost: '127.0.0.1',
    wsPort: options.port,
    wsPath: options.wsPath ?? '',
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      transport: 'ajax',
      endpoint: options.authUrl,
      customHandler: ({ socketId, channelName }, callback) => {
        fetch(options.authUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ socket_id: socketId, channel_name: channelName }),
        })
          .then(async (response) => {
            if (!response.ok) throw new Error(`auth answered ${response.status}`);
            const { auth } = (await response.json()) as { auth: string };
            callback(null, { auth: options.tamper ? options.tamper(auth) : auth });
          })
          .catch((error: Error) => callback(error, null));
      },
    },
  });
}

/** Joins a channel and records every broadcast on it; resolves once the server said it joined. */
export async function listenTo(pusher: Pusher, channelName: string): Promise<Heard[]> {
  const heard: Heard[] = [];
  const channel: Channel = pusher.subscribe(channelName);
  channel.bind_global((name: string, data: Heard['data']) => {
    if (!name.startsWith('pusher')) heard.push({ name, data });
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no subscription to ${channelName}`)), WAIT_MS);
    channel.bind('pusher:subscription_succeeded', () => {
      clearTimeout(timer);
      resolve();
    });
    channel.bind('pusher:subscription_error', (error: unknown) => {
      clearTimeout(timer);
      reject(new Error(`subscription refused: ${JSON.stringify(error)}`));
    });
  });
  return heard;
}

/** A frame the server sent, with its `data` decoded when it came as JSON text. */
export interface Frame {
  event: string;
  channel?: string;
  data: Record<string, unknown>;
}

/**
 * A bare WebSocket speaking the protocol by hand, to see exactly what the server sends (codes,
 * pings) where pusher-js would hide it.
 */
export class RawSocket {
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly socket: WebSocket;

  /** `headers`: sent with the upgrade (an `X-Forwarded-For` through a trusted proxy). */
  constructor(url: string, headers: Record<string, string> = {}) {
    this.socket = new WebSocket(url, { headers });
    this.socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { event: string; channel?: string; data: unknown };
      const data = typeof frame.data === 'string' ? JSON.parse(frame.data) : frame.data;
      this.frames.push({ ...frame, data: data as Record<string, unknown> });
    });
    this.closed = new Promise((resolve) => {
      this.socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    this.socket.on('error', () => {});
  }

  static connect(port: number, key = 'quits', query = '?protocol=7&client=js'): RawSocket {
    return new RawSocket(`ws://127.0.0.1:${port}/app/${key}${query}`);
  }

  /** The first frame (from `from` on) that `matches`; fails after WAIT_MS. */
  async next(matches: (frame: Frame) => boolean, from = 0): Promise<Frame> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = this.frames.slice(from).find(matches);
      if (found) return found;
      if (Date.now() > deadline || this.socket.readyState === WebSocket.CLOSED) {
        throw new Error(`no such frame; got ${JSON.stringify(this.frames)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async socketId(): Promise<string> {
    const established = await this.next((frame) => frame.event === 'pusher:connection_established');
    return String(established.data.socket_id);
  }

  send(event: string, data: unknown): void {
    this.socket.send(JSON.stringify({ event, data }));
  }

  close(): void {
    this.socket.terminate();
  }
}

/**
 * Closes every socket of `sockets` (emptying it) and waits until the app's socket server has
 * dropped them too: the server hears of a close a moment after the client.
 */
export async function closeSockets(sockets: RawSocket[], app: FastifyInstance): Promise<void> {
  for (const socket of sockets.splice(0)) {
    socket.close();
    await socket.closed;
  }
  await vi.waitFor(() => expect(app.realtime.server?.connectionCount).toBe(0), {
    timeout: 2_000,
    interval: 10,
  });
}
