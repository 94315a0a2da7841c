import type { ClientConfig } from '@quits/contract';
// The list alone, without the API's schemas: zod would be built on every first screen for it.
import { BROADCAST_EVENTS } from '@quits/contract/realtime';
import type Pusher from 'pusher-js';
import { deviceId } from '../lib/device-id';

type RealtimeConfig = NonNullable<ClientConfig['realtime']>;

/** What the server broadcasts on an event's channel after every committed change. */
export interface LiveMessage {
  name: string;
  entity: Record<string, unknown> | null;
  device_id: string | null;
  user_id: string | null;
}

let client: Promise<Pusher> | null = null;

/** The one connection of this tab, opened with the first subscription (pusher-js loads then). */
function connect(config: RealtimeConfig): Promise<Pusher> {
  client ??= import('pusher-js').then(({ default: PusherClient }) => {
    const secure = config.tls || (config.host === null && location.protocol === 'https:');
    const port = config.port ?? (location.port ? Number(location.port) : secure ? 443 : 80);
    return new PusherClient(config.key, {
      cluster: '',
      wsHost: config.host ?? location.hostname,
      wsPort: port,
      wssPort: port,
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
              callback(null, (await response.json()) as { auth: string });
            })
            .catch((error: Error) => callback(error, null));
        },
      },
    });
  });
  return client;
}

/**
 * Listens to one event's channel (`private-event.{id}`) and calls `onMessage` for every change
 * committed to it, by any device. pusher-js reconnects by itself. Returns the way to stop.
 */
export function listenToEvent(
  config: RealtimeConfig,
  eventId: string,
  onMessage: (message: LiveMessage) => void,
): () => void {
  let stopped = false;
  let stop = () => {};
  void connect(config).then((pusher) => {
    if (stopped) return;
    const name = `private-event.${eventId}`;
    const channel = pusher.subscribe(name);
    for (const event of BROADCAST_EVENTS) {
      channel.bind(event, (data: Omit<LiveMessage, 'name'>) => onMessage({ ...data, name: event }));
    }
    stop = () => pusher.unsubscribe(name);
  });
  return () => {
    stopped = true;
    stop();
  };
}
