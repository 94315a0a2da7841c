import type { FastifyInstance } from 'fastify';
import { PushNotifier } from './push-notifier';
import { PushTransport, type PushTransportOptions } from './push-transport';
import { loadVapidDetails } from './vapid-keys';

export interface PushService {
  /** The VAPID public key in base64url: the browser's `applicationServerKey`. */
  publicKey: string;
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
 * the change feed. Closing the app waits for sends in flight, within a bound.
 */
export async function installPush(
  app: FastifyInstance,
  options: PushTransportOptions = {},
): Promise<void> {
  const vapid = await loadVapidDetails(app.db, app.config);
  const transport = new PushTransport(vapid, options);
  const notifier = new PushNotifier({
    db: app.db,
    currencies: app.currencies,
    transport,
    log: app.log,
  });
  const stop = app.changes.subscribe((change) => notifier.noteChange(change));
  app.decorate('push', { publicKey: vapid.publicKey } satisfies PushService);
  app.addHook('onClose', async () => {
    stop();
    await notifier.close(CLOSE_GRACE_MS);
    transport.close();
  });
}
