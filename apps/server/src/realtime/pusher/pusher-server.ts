import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { type RawData, WebSocketServer } from 'ws';
import { AddressQuota } from './address-quota';
import {
  type ClientMessage,
  channelEvent,
  connectionEstablished,
  decodeClientMessage,
  ErrorCode,
  errorMessage,
  PING,
  PONG,
  PROTOCOL_VERSION,
  subscriptionError,
  subscriptionSucceeded,
} from './protocol';
import { PusherConnection } from './pusher-connection';
import { type AppCredentials, isValidChannelAuth } from './signature';
import { SocketRegistry } from './socket-registry';
import { readSocketRequest, refuseUpgrade } from './socket-request';

/** The largest frame a client may send, in bytes: subscribing needs a few hundred. */
export const MAX_MESSAGE_BYTES = 10_240;
/** Unsent bytes past which a socket is cut rather than buffered without end. */
const MAX_BACKLOG_BYTES = 1_048_576;
/** Pusher's own pong timeout, in ms; shorter when the activity timeout is. */
const MAX_PONG_WAIT_MS = 30_000;

export interface PusherLimits {
  maxConnections: number;
  /** Sockets one client address (an IPv6 /64) may hold at once. */
  maxConnectionsPerAddress: number;
  maxSubscriptions: number;
  activityTimeoutSeconds: number;
}

export interface PusherServerOptions {
  app: AppCredentials;
  /** The server's BASE_PATH: sockets are at `{basePath}/app/{key}`; '' at the root. */
  basePath?: string;
  limits: PusherLimits;
  log: FastifyBaseLogger;
  /** The client's address a socket is counted under (see `socketAddressReader`). */
  addressOf(request: IncomingMessage): string;
  /** The channels that exist; joining any other is refused. `private-` ones need a signature. */
  acceptsChannel(channel: string): boolean;
  /**
   * Awaited before a socket is told it joined `channel` (e.g. to start following the channel's
   * changes from now); a failure refuses the subscription.
   */
  beforeJoin?(channel: string): Promise<void>;
  /** The last socket here left `channel`. */
  onChannelEmpty?(channel: string): void;
}

/**
 * A Pusher Channels server (protocol 7) on the app's own HTTP server at `/app/{key}`: private
 * channels joined with a signature, pings both ways, bounded connections (in all and per client
 * address), subscriptions and frames. It broadcasts what `publish` is given to this instance's
 * sockets only.
 *
 * Nothing a client sends may end the process, and what runs here runs outside Fastify's request
 * cycle, where a throw would: every listener (the upgrade, each socket's messages and close, the
 * ping sweep) catches its own failure, logs it, and refuses or closes what it concerned.
 */
export class PusherServer {
  readonly #options: PusherServerOptions;
  readonly #wss: WebSocketServer;
  readonly #connections = new Set<PusherConnection>();
  readonly #registry = new SocketRegistry<PusherConnection>();
  readonly #quota: AddressQuota;
  #sweep: NodeJS.Timeout | undefined;
  #closing = false;

  constructor(options: PusherServerOptions) {
    this.#options = options;
    this.#quota = new AddressQuota(options.limits.maxConnectionsPerAddress);
    this.#wss = new WebSocketServer({
      noServer: true,
      maxPayload: MAX_MESSAGE_BYTES,
      perMessageDeflate: false,
      clientTracking: false,
    });
  }

  get connectionCount(): number {
    return this.#connections.size;
  }

  get channelCount(): number {
    return this.#registry.channelCount;
  }

  /** Client addresses holding at least one socket. */
  get addressCount(): number {
    return this.#quota.addressCount;
  }

  /** Takes the WebSocket upgrades of `server`; other paths answer 404, malformed ones 400. */
  attach(server: Server): void {
    const { log } = this.#options;
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      // Node leaves an upgraded socket without an error listener: a reset would end the process.
      socket.on('error', (error) => log.debug({ err: error }, 'realtime upgrade socket error'));
      try {
        this.#upgrade(request, socket, head);
      } catch (error) {
        log.error({ err: error }, 'realtime upgrade failed');
        refuseUpgrade(socket, '400 Bad Request');
      }
    });
    const idleMs = this.#options.limits.activityTimeoutSeconds * 1000;
    const every = Math.min(1_000, Math.max(100, idleMs / 4));
    this.#sweep = setInterval(() => {
      try {
        this.#pingIdleSockets();
      } catch (error) {
        log.error({ err: error }, 'realtime ping sweep failed');
      }
    }, every);
    this.#sweep.unref();
  }

  /** Sends one event to this instance's subscribers of `channel`; answers how many it reached. */
  publish(channel: string, event: string, data: unknown): number {
    const subscribers = this.#registry.subscribers(channel);
    if (subscribers.size === 0) return 0;
    // Serialised once for every socket.
    const frame = Buffer.from(channelEvent(channel, event, data));
    let sent = 0;
    for (const connection of [...subscribers]) {
      if (connection.backlog > MAX_BACKLOG_BYTES) {
        this.#options.log.warn({ backlog: connection.backlog }, 'realtime socket too slow; cut');
        connection.cut();
        continue;
      }
      connection.send(frame);
      sent += 1;
    }
    return sent;
  }

  /** Asks every client to reconnect (to another instance, or this one once it is back). */
  async close(): Promise<void> {
    this.#closing = true;
    clearInterval(this.#sweep);
    const closed = [...this.#connections].map(
      (connection) =>
        new Promise<void>((resolve) => {
          connection.socket.once('close', () => resolve());
          connection.closeWith(ErrorCode.RECONNECT, 'The server is restarting.', false);
          if (connection.socket.readyState === connection.socket.CLOSED) resolve();
        }),
    );
    await Promise.all(closed);
    this.#wss.close();
  }

  #upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const wanted = readSocketRequest(request.url, this.#options.basePath ?? '');
    if (wanted === 'malformed') {
      refuseUpgrade(socket, '400 Bad Request');
      return;
    }
    if (wanted === 'elsewhere' || this.#closing) {
      refuseUpgrade(socket, '404 Not Found');
      return;
    }
    const address = this.#options.addressOf(request);
    // ws answers 400 itself to a handshake it cannot take (no key, another version).
    this.#wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = new PusherConnection(ws, address);
      ws.on('error', (error) => this.#options.log.debug({ err: error }, 'realtime socket error'));
      this.#guarded(connection, 'open', () => this.#open(connection, wanted.key, wanted.protocol));
    });
  }

  /**
   * Runs what a socket's event asks; a failure is logged and the socket is asked to come back
   * later (4101) rather than left half-served, or the failure left to end the process.
   */
  #guarded(connection: PusherConnection, what: string, work: () => void): void {
    try {
      work();
    } catch (error) {
      this.#failed(connection, what, error);
    }
  }

  #failed(connection: PusherConnection, what: string, error: unknown): void {
    this.#options.log.error({ err: error, what }, 'realtime socket handling failed');
    try {
      connection.closeWith(ErrorCode.SERVER_ERROR, 'The server failed; try again later.');
    } catch {
      connection.cut();
    }
  }

  #open(connection: PusherConnection, key: string, protocol: string | null): void {
    const { app, limits } = this.#options;
    if (key !== app.key) {
      connection.closeWith(ErrorCode.APP_NOT_FOUND, 'No app has this key.');
    } else if (protocol === null) {
      connection.closeWith(ErrorCode.NO_PROTOCOL, 'No protocol version supplied.');
    } else if (protocol !== PROTOCOL_VERSION) {
      connection.closeWith(ErrorCode.UNSUPPORTED_PROTOCOL, 'Only protocol 7 is supported.');
    } else if (this.#connections.size >= limits.maxConnections) {
      connection.closeWith(ErrorCode.OVER_CAPACITY, 'Over capacity; try again later.');
    } else if (!this.#quota.take(connection.address)) {
      connection.closeWith(
        ErrorCode.OVER_CAPACITY,
        `Over capacity: this address holds ${limits.maxConnectionsPerAddress} sockets already.`,
      );
    } else {
      this.#connections.add(connection);
      connection.socket.on('message', (data, isBinary) =>
        this.#guarded(connection, 'message', () => this.#receive(connection, data, isBinary)),
      );
      connection.socket.on('close', () =>
        this.#guarded(connection, 'close', () => this.#drop(connection)),
      );
      connection.send(connectionEstablished(connection.id, limits.activityTimeoutSeconds));
    }
  }

  #receive(connection: PusherConnection, data: RawData, isBinary: boolean): void {
    connection.lastSeen = Date.now();
    connection.pingSentAt = null;
    const text = !isBinary && Buffer.isBuffer(data) ? data.toString('utf8') : null;
    const message = text === null ? null : decodeClientMessage(text);
    if (!message) {
      connection.send(errorMessage(null, 'Send JSON text with an "event" and its "data".'));
      return;
    }
    this.#handle(connection, message);
  }

  #handle(connection: PusherConnection, message: ClientMessage): void {
    switch (message.event) {
      case 'pusher:ping':
        connection.send(PONG);
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        this.#subscribe(connection, message.channel, message.auth).catch((error: unknown) =>
          this.#failed(connection, 'subscribe', error),
        );
        return;
      case 'pusher:unsubscribe':
        this.#leave(connection, message.channel);
        return;
      case 'other': {
        const refusal = message.name.startsWith('client-')
          ? 'Client events are not enabled.'
          : `Unknown event ${message.name.slice(0, 64)}.`;
        connection.send(errorMessage(null, refusal));
      }
    }
  }

  async #subscribe(connection: PusherConnection, channel: string, auth?: string): Promise<void> {
    const { app, limits, acceptsChannel, beforeJoin, log } = this.#options;
    const refuse = (status: number, code: number | null, message: string) => {
      connection.send(subscriptionError(channel, status, message));
      connection.send(errorMessage(code, message));
    };
    const joined = connection.channels.get(channel);
    if (joined !== undefined) {
      // Asked twice: say so again once it is done.
      if (joined) connection.send(subscriptionSucceeded(channel));
      return;
    }
    if (!acceptsChannel(channel)) {
      refuse(403, ErrorCode.UNAUTHORIZED, 'There is no such channel to join.');
      return;
    }
    if (channel.startsWith('private-') && !isValidChannelAuth(app, connection.id, channel, auth)) {
      refuse(401, ErrorCode.UNAUTHORIZED, 'Invalid signature for this socket and channel.');
      return;
    }
    if (connection.channels.size >= limits.maxSubscriptions) {
      refuse(429, null, `A connection may join at most ${limits.maxSubscriptions} channels.`);
      return;
    }
    connection.channels.set(channel, false);
    this.#registry.add(channel, connection);
    try {
      await beforeJoin?.(channel);
    } catch (error) {
      log.error({ err: error }, 'could not start following a channel');
      this.#leave(connection, channel);
      refuse(503, null, 'The channel cannot be joined right now; try again.');
      return;
    }
    // The client may have left (or gone) while it waited.
    if (connection.channels.get(channel) !== false || !connection.open) return;
    connection.channels.set(channel, true);
    connection.send(subscriptionSucceeded(channel));
  }

  #leave(connection: PusherConnection, channel: string): void {
    if (!connection.channels.delete(channel)) return;
    if (this.#registry.remove(channel, connection)) this.#options.onChannelEmpty?.(channel);
  }

  #drop(connection: PusherConnection): void {
    if (!this.#connections.delete(connection)) return;
    this.#quota.release(connection.address);
    for (const channel of [...connection.channels.keys()]) this.#leave(connection, channel);
  }

  /** Pings a socket silent for the activity timeout; closes one that left a ping unanswered. */
  #pingIdleSockets(): void {
    const now = Date.now();
    const idleMs = this.#options.limits.activityTimeoutSeconds * 1000;
    const pongWaitMs = Math.min(MAX_PONG_WAIT_MS, idleMs);
    for (const connection of this.#connections) {
      if (connection.pingSentAt !== null) {
        if (now - connection.pingSentAt >= pongWaitMs) {
          connection.closeWith(ErrorCode.PONG_NOT_RECEIVED, 'Pong reply not received.');
        }
      } else if (now - connection.lastSeen >= idleMs) {
        connection.pingSentAt = now;
        connection.send(PING);
      }
    }
  }
}
