import type { ClientConfig } from '@quits/contract';
import type { DatabaseHandle } from '@server/db/connection';
import type { DevicePseudonyms } from '@server/devices/device-pseudonyms';
import type { FastifyInstance } from 'fastify';
import { ActivityRelay } from './activity-relay';
import { type Broadcast, broadcastsOf, eventChannel, eventIdOfChannel } from './broadcasts';
import type { EventChange } from './change-feed';
import { ExternalPublisher, externalPusher } from './external-publisher';
import { PusherServer } from './pusher/pusher-server';
import type { AppCredentials } from './pusher/signature';
import { builtInCredentials } from './realtime-credentials';
import { socketAddressReader } from './socket-address';

/** Where clients ask for a channel's signature (the path pusher-js is given). */
export const AUTH_ENDPOINT = '/api/broadcasting/auth';

export interface Realtime {
  /** What signs subscriptions: the broadcaster's key and secret. */
  credentials: AppCredentials;
  /** What GET /api/config tells clients about connecting. */
  client: NonNullable<ClientConfig['realtime']>;
  /** The built-in broadcaster; null when an external Pusher server broadcasts. */
  server: PusherServer | null;
  /** Resolves once every message published so far has left this instance. */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** What else follows the PostgreSQL change stream besides the version tracking. */
export interface ChangeStreamFollower {
  noteChange: ActivityRelay['noteChange'];
  streamState: ActivityRelay['streamState'];
}

const broadcastsOfChange = (devices: DevicePseudonyms, change: EventChange) =>
  broadcastsOf(
    change.activities,
    { device: devices.of(change.eventId, change.deviceId), userId: change.whoAmI ?? null },
    { version: change.version, parts: change.activities.length, at: change.at },
  );

/**
 * Live updates: every committed change to an event is broadcast on its private channel.
 * - External Pusher server (every `PUSHER_*` set): each instance publishes its own changes.
 * - Built-in, on PGlite: the one process publishes from its change feed, after answering.
 * - Built-in, on PostgreSQL: every instance hears every change through LISTEN and relays it
 *   to its own sockets; the returned follower must be fed from that stream.
 */
export async function installRealtime(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<ChangeStreamFollower | null> {
  const { config } = app;
  const external = externalPusher(config);
  if (external) {
    const publisher = new ExternalPublisher(external, app.log);
    app.changes.subscribe((change) =>
      publisher.publish(eventChannel(change.eventId), broadcastsOfChange(app.devices, change)),
    );
    app.decorate('realtime', {
      credentials: { key: external.key, secret: external.secret },
      client: {
        key: external.key,
        host: external.host,
        port: external.port,
        tls: external.useTLS,
        path: '',
        auth_endpoint: `${config.BASE_PATH}${AUTH_ENDPOINT}`,
      },
      server: null,
      flush: () => publisher.flush(),
    });
    return null;
  }

  const credentials = await builtInCredentials(app.db, config);
  const followOnJoin = database.url !== null;
  const relay = followOnJoin
    ? new ActivityRelay(app.db, app.log, app.devices, (id, all) => send(id, all))
    : null;
  const server = new PusherServer({
    app: credentials,
    basePath: config.BASE_PATH,
    limits: {
      maxConnections: config.REALTIME_MAX_CONNECTIONS,
      maxConnectionsPerAddress: config.REALTIME_MAX_CONNECTIONS_PER_IP,
      maxSubscriptions: config.REALTIME_MAX_SUBSCRIPTIONS,
      activityTimeoutSeconds: config.REALTIME_ACTIVITY_TIMEOUT,
    },
    log: app.log,
    addressOf: socketAddressReader(config.TRUST_PROXY),
    acceptsChannel: (channel) => eventIdOfChannel(channel) !== null,
    ...(relay && {
      beforeJoin: (channel: string) => relay.follow(eventIdOfChannel(channel) ?? ''),
      onChannelEmpty: (channel: string) => relay.unfollow(eventIdOfChannel(channel) ?? ''),
    }),
  });
  const send = (eventId: string, broadcasts: readonly Broadcast[]) => {
    const channel = eventChannel(eventId);
    for (const { name, data } of broadcasts) server.publish(channel, name, data);
  };
  if (!relay) {
    // After the writer's answer has gone (it is sent in the same turn as the commit): writing
    // to hundreds of sockets must not delay it. setImmediate keeps the changes in order.
    app.changes.subscribe((change) =>
      setImmediate(() => {
        // Outside any request: a throw here would end the process.
        try {
          send(change.eventId, broadcastsOfChange(app.devices, change));
        } catch (error) {
          app.log.error({ err: error }, 'could not broadcast a change');
        }
      }),
    );
  }

  server.attach(app.server);
  app.addHook('preClose', async () => server.close());
  app.decorate('realtime', {
    credentials,
    client: {
      key: credentials.key,
      // The page's own origin: the sockets are served on the app's port.
      host: null,
      port: null,
      tls: config.PUBLIC_URL?.startsWith('https:') ?? false,
      path: config.BASE_PATH,
      auth_endpoint: `${config.BASE_PATH}${AUTH_ENDPOINT}`,
    },
    server,
    flush: async () => {},
  });
  return relay;
}
