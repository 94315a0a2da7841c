/**
 * The Pusher Channels protocol, version 7, as far as this server speaks it: the messages and
 * the error codes (https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/).
 * A code tells pusher-js what to do next: 4000–4099 give up, 4100–4199 come back after a
 * while, 4200–4299 reconnect at once.
 */
export const PROTOCOL_VERSION = '7';

export const ErrorCode = {
  /** No app with the key in the socket's path. */
  APP_NOT_FOUND: 4001,
  /** The client asked for a protocol version this server does not speak. */
  UNSUPPORTED_PROTOCOL: 4007,
  /** The client did not say which protocol version it speaks. */
  NO_PROTOCOL: 4008,
  /** A private channel joined without a valid signature. */
  UNAUTHORIZED: 4009,
  /** This instance holds as many sockets as it may: try again later (maybe elsewhere). */
  OVER_CAPACITY: 4100,
  /** The server failed on something this socket sent or did: come back after a while. */
  SERVER_ERROR: 4101,
  /** Reconnect now: the server is going away, or the socket fell too far behind. */
  RECONNECT: 4200,
  /** A ping went unanswered. */
  PONG_NOT_RECEIVED: 4201,
} as const;

/** What clients may send (client events, `client-*`, are refused). */
export type ClientMessage =
  | { event: 'pusher:subscribe'; channel: string; auth: string | undefined }
  | { event: 'pusher:unsubscribe'; channel: string }
  | { event: 'pusher:ping' }
  | { event: 'pusher:pong' }
  | { event: 'other'; name: string };

/** Reads one frame from a client; null when it is not a Pusher message at all. */
export function decodeClientMessage(frame: string): ClientMessage | null {
  let message: unknown;
  try {
    message = JSON.parse(frame);
  } catch {
    return null;
  }
  if (!isRecord(message) || typeof message.event !== 'string') return null;
  const data = readData(message.data);
  switch (message.event) {
    case 'pusher:subscribe':
    case 'pusher:unsubscribe': {
      if (!data || typeof data.channel !== 'string') return null;
      if (message.event === 'pusher:unsubscribe')
        return { event: message.event, channel: data.channel };
      const auth = typeof data.auth === 'string' ? data.auth : undefined;
      return { event: message.event, channel: data.channel, auth };
    }
    case 'pusher:ping':
    case 'pusher:pong':
      return { event: message.event };
    default:
      return { event: 'other', name: message.event };
  }
}

/** Clients send `data` as an object; some send it as JSON text, as the server does. */
function readData(data: unknown): Record<string, unknown> | null {
  if (isRecord(data)) return data;
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// What the server sends. Channel events and the handshake carry their data as JSON text (the
// protocol's "String"); errors and pongs carry an object.

export function connectionEstablished(socketId: string, activityTimeoutSeconds: number): string {
  const data = JSON.stringify({ socket_id: socketId, activity_timeout: activityTimeoutSeconds });
  return JSON.stringify({ event: 'pusher:connection_established', data });
}

export function errorMessage(code: number | null, message: string): string {
  return JSON.stringify({ event: 'pusher:error', data: { code, message } });
}

export function subscriptionSucceeded(channel: string): string {
  return JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
}

/** The channel-scoped refusal pusher-js users bind to, in the shape pusher-js itself emits. */
export function subscriptionError(channel: string, status: number, error: string): string {
  const type = status === 401 || status === 403 ? 'AuthError' : 'SubscriptionError';
  return JSON.stringify({
    event: 'pusher:subscription_error',
    channel,
    data: { type, error, status },
  });
}

export const PING = JSON.stringify({ event: 'pusher:ping', data: {} });
export const PONG = JSON.stringify({ event: 'pusher:pong', data: {} });

/** A broadcast on a channel; `data` is serialised once and sent to every subscriber as it is. */
export function channelEvent(channel: string, event: string, data: unknown): string {
  return JSON.stringify({ event, channel, data: JSON.stringify(data) });
}
