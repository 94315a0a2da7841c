import { type PushLocale, parsePushEndpoint } from '@quits/contract';
import type { CurrencyStore } from '@server/currencies/currency-store';
import type { Database } from '@server/db/connection';
import { events, users } from '@server/db/schema';
import type { EventChange } from '@server/realtime/change-feed';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type NotificationContext,
  type PushItem,
  pushItemOf,
  writeNotification,
} from './push-message';
import { type PushJob, PushQueue } from './push-queue';
import { PushServiceError, type PushTransport } from './push-transport';
import type { SubscriptionPresence } from './subscription-presence';
import { forgetSubscription, type PushRecipient, subscriptionsOf } from './subscription-store';

export interface PushNotifierDeps {
  db: Database;
  currencies: CurrencyStore;
  transport: PushTransport;
  log: FastifyBaseLogger;
  /** Which events are known to have no subscription: their changes cost no query. */
  presence: SubscriptionPresence;
  /** How long one job may run: a little longer than a send, which gives up by itself. */
  jobTimeoutMs: number;
}

/** Expenses and payments one change can notify about; a bulk change is summed up by its first. */
const MAX_ITEMS_PER_CHANGE = 3;

/**
 * How much background work runs at once: in all, per event, per push service; and how much may
 * wait. A change of an event with 500 browsers, three items each, waits whole.
 */
export const PUSH_QUEUE_LIMITS = {
  concurrency: 16,
  perEvent: 4,
  perHost: 8,
  maxWaitingPerEvent: 2_000,
  maxWaiting: 10_000,
} as const;

/**
 * Tells the devices subscribed to an event about a new, changed or restored expense or
 * payment, each in its own language, after the change is committed and answered. Only the
 * instance that made a change sends for it, so several instances never send twice.
 */
export class PushNotifier {
  readonly #queue: PushQueue;

  constructor(private readonly deps: PushNotifierDeps) {
    this.#queue = new PushQueue({
      ...PUSH_QUEUE_LIMITS,
      taskTimeoutMs: deps.jobTimeoutMs,
      // A message replaced by a newer one for the same browser is no loss worth a warning.
      onDropped: (reason, job) =>
        deps.log[reason === 'replaced' ? 'debug' : 'warn'](
          { reason, push_service: job.host },
          'push notification dropped',
        ),
      onFailed: (error) => deps.log.warn(describeFailure(error), 'push notification failed'),
    });
  }

  /** Called by the change feed for every committed change; never waits for anything. */
  noteChange(change: EventChange): void {
    if (change.deleted) return;
    const items = change.activities
      .map(pushItemOf)
      .filter((item): item is PushItem => item !== null)
      .slice(0, MAX_ITEMS_PER_CHANGE);
    if (items.length === 0) return;
    this.#queue.add({
      event: change.eventId,
      host: null,
      run: () => this.#fanOut(change, items),
    });
  }

  /** Push jobs waiting and running, for the metrics. */
  get load(): { jobs: number; waiting: number } {
    return { jobs: this.#queue.size, waiting: this.#queue.waiting };
  }

  /** Waits for the notifications under way, at most `graceMs`, then drops the rest. */
  close(graceMs: number): Promise<void> {
    return this.#queue.close(graceMs);
  }

  async #fanOut(change: EventChange, items: readonly PushItem[]): Promise<void> {
    const { db, presence } = this.deps;
    if (presence.knownEmpty(change.eventId)) return;
    const epoch = presence.epoch();
    const subscriptions = await subscriptionsOf(db, change.eventId);
    // Every subscription, the changing device's too: a Device-ID is only a claim, and leaving
    // out the device it names would let anyone who sends another's id silence that device.
    // The author's own device hides it while it shows the event (apps/web/src/sw.ts).
    if (subscriptions.length === 0) {
      presence.rememberEmpty(epoch, change.eventId);
      return;
    }
    const [event] = await db
      .select({ name: events.name })
      .from(events)
      .where(eq(events.id, change.eventId));
    if (!event) return;
    const context: NotificationContext = {
      eventId: change.eventId,
      eventName: event.name,
      who: await this.#nameOf(change.eventId, change.whoAmI ?? null),
      byServer: change.deviceId === null && (change.whoAmI ?? null) === null,
      decimalsOf: (currencyId) => this.deps.currencies.get(currencyId)?.decimals ?? 2,
    };
    // One text per language and item, however many devices read it.
    const written = new Map<string, string>();
    const payloadFor = (item: PushItem, locale: PushLocale) => {
      const key = `${locale}:${item.id}`;
      let payload = written.get(key);
      if (payload === undefined) {
        payload = JSON.stringify(writeNotification(item, locale, context));
        written.set(key, payload);
      }
      return payload;
    };
    const now = Date.now();
    for (const recipient of subscriptions) {
      if (recipient.expirationTime && recipient.expirationTime.getTime() <= now) {
        this.#queue.add({
          event: change.eventId,
          host: null,
          run: () => forgetSubscription(db, change.eventId, recipient),
        });
        continue;
      }
      for (const item of items) {
        this.#queue.add(
          this.#sendJob(change.eventId, recipient, payloadFor(item, recipient.locale), item.id),
        );
      }
    }
  }

  /** A send to one browser, in its event's lane and its push service's. */
  #sendJob(eventId: string, recipient: PushRecipient, payload: string, itemId: string): PushJob {
    const topic = itemId.replaceAll('-', '');
    return {
      event: eventId,
      // An endpoint the rules refuse posts nowhere: `send` refuses it without a connection.
      host: parsePushEndpoint(recipient.endpoint)?.host ?? null,
      key: `${recipient.endpoint} ${topic}`,
      run: () => this.#send(eventId, recipient, payload, topic),
    };
  }

  async #send(
    eventId: string,
    recipient: PushRecipient,
    payload: string,
    topic: string,
  ): Promise<void> {
    // The service's name for the logs: the endpoint itself is a secret of the browser.
    const origin = `https://${parsePushEndpoint(recipient.endpoint)?.host ?? '(refused)'}`;
    try {
      const outcome = await this.deps.transport.send(recipient, payload, topic);
      if (outcome !== 'sent') {
        await forgetSubscription(this.deps.db, eventId, recipient);
        this.deps.log.info(
          { push_service: origin },
          outcome === 'gone'
            ? 'push subscription gone: forgotten'
            : 'push endpoint refused by its form: forgotten',
        );
      }
    } catch (error) {
      // Kept: the push service may answer again later. The endpoint itself is a secret.
      this.deps.log.warn({ ...describeFailure(error), push_service: origin }, 'push not sent');
    }
  }

  async #nameOf(eventId: string, personId: string | null): Promise<string | null> {
    if (!personId) return null;
    const [person] = await this.deps.db
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.id, personId), eq(users.eventId, eventId)));
    return person?.name ?? null;
  }
}

/** A failure for the logs, without the endpoint a push service's error carries. */
function describeFailure(error: unknown): { status?: number; reason: string } {
  if (error instanceof PushServiceError) {
    return { status: error.statusCode, reason: error.message };
  }
  return { reason: error instanceof Error ? error.message : String(error) };
}
