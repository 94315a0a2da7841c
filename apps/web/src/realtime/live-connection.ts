import type { ClientConfig } from '@quits/contract';
// The list alone, without the API's schemas: zod would be built on every first screen for it.
import { BROADCAST_EVENTS } from '@quits/contract/realtime';
import { deviceId } from '@web/lib/device-id';
import type Pusher from 'pusher-js';
import { reportLinkState } from './live-link-store';

type RealtimeConfig = NonNullable<ClientConfig['realtime']>;

/** What the server broadcasts on an event's channel after every committed change. */
export interface LiveMessage {
  name: string;
  entity: Record<string, unknown> | null;
  /** The changing device's pseudonym in the event (never a Device-ID). */
  device_id: string | null;
  user_id: string | null;
  /** The event's version once the change committed, how many messages it sends, and when. */
  version?: number | null;
  parts?: number;
  at?: string;
  /** Made by this device: named by the pseudonym the server gave it when signing the channel. */
  mine: boolean;
}

let client: Promise<Pusher> | null = null;

/**
 * This device's pseudonym in each channel, as the signature's answer told it. Messages come only
 * after a signed join, so the pseudonym is known before the first of them.
 */
const ownDevice = new Map<string, string>();

/** The one connection of this tab, opened with the first subscription (pusher-js loads then). */
function connect(config: RealtimeConfig): Promise<Pusher> {
  client ??= import('pusher-js').then(({ default: PusherClient }) => {
    const secure = config.tls || (config.host === null && location.protocol === 'https:');
    const port = config.port ?? (location.port ? Number(location.port) : secure ? 443 : 80);
    const pusher = new PusherClient(config.key, {
      cluster: '',
      wsHost: config.host ?? location.hostname,
      wsPort: port,
      wssPort: port,
      // Under the server's base path (BASE_PATH), the socket is too: `/quits/app/{key}`.
      wsPath: config.path,
      forceTLS: secure,
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
      channelAuthorization: {
        customHandler: ({ socketId, channelName }, callback) => {
          fetch(config.auth_endpoint, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'X-Requested-With': 'XMLHttpRequest',
              'Device-ID': deviceId(),
            },
            body: JSON.stringify({ socket_id: socketId, channel_name: channelName }),
          })
            .then(async (response) => {
              if (!response.ok) throw new Error(`authorisation refused (${response.status})`);
              const signed = (await response.json()) as { auth: string; device_id?: unknown };
              if (typeof signed.device_id === 'string')
                ownDevice.set(channelName, signed.device_id);
              callback(null, { auth: signed.auth });
            })
            .catch((error: Error) => callback(error, null));
        },
      },
    });
    reportLinkState(pusher.connection.state);
    pusher.connection.bind('state_change', ({ current }: { current: string }) =>
      reportLinkState(current),
    );
    return pusher;
  });
  return client;
}

export interface EventListeners {
  /** Every change committed to the event, by any device. */
  onMessage(message: LiveMessage): void;
  /**
   * The channel is joined: after the first connect, and again after every reconnect (pusher-js
   * joins its channels anew on each connect). Messages sent while not joined are not sent
   * again, so this is the moment to read the event afresh.
   */
  onJoined(): void;
  /**
   * The server refused to join the channel: the event was deleted (or is no longer there) since
   * this page read it. Nothing will come on the channel, so the event is read to learn why.
   */
  onRefused(): void;
}

/**
 * Listens to one event's channel (`private-event.{id}`). pusher-js reconnects by itself.
 * Returns the way to stop.
 */
export function listenToEvent(
  config: RealtimeConfig,
  eventId: string,
  listeners: EventListeners,
): () => void {
  let stopped = false;
  let stop = () => {};
  void connect(config).then((pusher) => {
    if (stopped) return;
    const name = `private-event.${eventId}`;
    const channel = pusher.subscribe(name);
    channel.bind('pusher:subscription_succeeded', () => listeners.onJoined());
    channel.bind('pusher:subscription_error', () => listeners.onRefused());
    for (const event of BROADCAST_EVENTS) {
      channel.bind(event, (data: Omit<LiveMessage, 'name' | 'mine'>) => {
        const mine = data.device_id !== null && data.device_id === ownDevice.get(name);
        listeners.onMessage({ ...data, name: event, mine });
      });
    }
    stop = () => pusher.unsubscribe(name);
  });
  return () => {
    stopped = true;
    stop();
  };
}
