import {
  type PushSubscribeBody,
  type PushSubscriptionRecord,
  parsePushEndpoint,
} from '@quits/contract';
import { say, unprocessable } from '@server/http/http-error';
import type { FastifyInstance } from 'fastify';
import { PushNotifier } from './push-notifier';
import { PushServiceRefused } from './push-service-address';
import { PushTransport, type PushTransportOptions } from './push-transport';
import type { SubscriptionPresence } from './subscription-presence';
import { requireLiveEvent, saveSubscription } from './subscription-store';
import { loadVapidDetails } from './vapid-keys';

export interface PushService {
  /** The VAPID public key in base64url: the browser's `applicationServerKey`. */
  publicKey: string;
  /** Subscribes a browser to the event's changes (see `saveSubscription`). */
  subscribe(
    eventId: string,
    body: PushSubscribeBody,
    deviceId: string | null,
  ): Promise<{ subscription: PushSubscriptionRecord; created: boolean }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

/** How long closing the app waits for notifications under way. */
const CLOSE_GRACE_MS = 5_000;

/**
 * Web push: loads (or makes) the VAPID keys and notifies subscribed devices of every change in
 * the change feed. Closing the app waits for sends in flight, within a bound. `presence` must
 * hear of other instances' subscriptions (app.ts feeds it from the change stream).
 */
export async function installPush(
  app: FastifyInstance,
  options: PushTransportOptions,
  presence: SubscriptionPresence,
): Promise<void> {
  const vapid = await loadVapidDetails(app.db, app.config);
  const transport = new PushTransport(vapid, options);
  const notifier = new PushNotifier({
    db: app.db,
    currencies: app.currencies,
    transport,
    log: app.log,
    presence,
    jobTimeoutMs: transport.timeoutMs + 1_000,
  });
  const stop = app.changes.subscribe((change) => notifier.noteChange(change));
  app.metrics.observeQueue('push', () => notifier.load);
  app.decorate('push', {
    publicKey: vapid.publicKey,
    subscribe: async (eventId, body, deviceId) => {
      // Only someone with the event's link makes the server ask the DNS about a name.
      await requireLiveEvent(app.db, eventId);
      await refuseUnreachable(transport, body.endpoint);
      // Before: a read of "none" under way is not remembered; after: one made meanwhile goes.
      presence.subscribed(eventId);
      try {
        return await saveSubscription(app.db, eventId, body, deviceId);
      } finally {
        presence.subscribed(eventId);
      }
    },
  } satisfies PushService);
  app.addHook('onClose', async () => {
    stop();
    await notifier.close(CLOSE_GRACE_MS);
    transport.close();
  });
}

/**
 * Refuses (422) an endpoint whose push service cannot be found or is not on the public
 * internet: it could never be sent to, and the person subscribing should hear so now.
 */
async function refuseUnreachable(transport: PushTransport, endpoint: string): Promise<void> {
  // The body's schema has checked the endpoint's form already.
  const parts = parsePushEndpoint(endpoint);
  if (!parts) throw unprocessable({ endpoint: [say('push_endpoint')] });
  try {
    await transport.addressOf(parts.host);
  } catch (error) {
    if (!(error instanceof PushServiceRefused)) throw error;
    const why = say(error.reason === 'not-found' ? 'push_not_found' : 'push_not_public', {
      host: parts.host,
    });
    throw unprocessable({ endpoint: [why] }, why);
  }
}
