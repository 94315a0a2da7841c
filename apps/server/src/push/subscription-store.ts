import { createECDH } from 'node:crypto';
import {
  LIMITS,
  type PushLocale,
  type PushSubscribeBody,
  type PushSubscriptionRecord,
  pushLocaleSchema,
} from '@quits/contract';
import type { Database } from '@server/db/connection';
import { events, pushSubscriptions } from '@server/db/schema';
import { missingEvent } from '@server/events/event-gone';
import { say, unprocessable } from '@server/http/http-error';
import { PUSH_SUBSCRIPTION_CHANNEL } from '@server/realtime/change-channel';
import { and, count, eq, isNull, sql } from 'drizzle-orm';

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** What sending needs of a subscription. */
export interface PushRecipient {
  endpoint: string;
  p256dh: string;
  auth: string;
  expirationTime: Date | null;
  locale: PushLocale;
  /** The device that subscribed; null when it did not say. */
  deviceId: string | null;
}

/**
 * Subscribes the browser to the event's changes, or updates its keys and language when its
 * endpoint is already subscribed (so a repeated call changes nothing else).
 */
export async function saveSubscription(
  db: Database,
  eventId: string,
  body: PushSubscribeBody,
  deviceId: string | null,
): Promise<{ subscription: PushSubscriptionRecord; created: boolean }> {
  if (!isP256Point(body.keys.p256dh)) {
    throw unprocessable({ 'keys.p256dh': [say('push_key_curve')] });
  }
  return db.transaction(async (tx) => {
    // Locked so that two subscriptions arriving together cannot both take the last place.
    const [event] = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, eventId), isNull(events.deletedAt)))
      .for('update');
    if (!event) throw await missingEvent(tx, eventId);
    const [existing] = await tx
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.eventId, eventId), eq(pushSubscriptions.endpoint, body.endpoint)),
      );
    if (!existing) {
      const [taken] = await tx
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.eventId, eventId));
      if ((taken?.n ?? 0) >= LIMITS.maxPushSubscriptions) {
        const full = say('push_devices_full', { max: LIMITS.maxPushSubscriptions });
        throw unprocessable({ endpoint: [full] }, full);
      }
    }
    const values = {
      p256dh: body.keys.p256dh.replace(/=+$/, ''),
      auth: body.keys.auth.replace(/=+$/, ''),
      expirationTime:
        body.expirationTime == null ? null : new Date(Math.round(body.expirationTime)),
      deviceId,
      locale: body.locale,
    };
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ eventId, endpoint: body.endpoint, ...values })
      .onConflictDoUpdate({
        target: [pushSubscriptions.eventId, pushSubscriptions.endpoint],
        set: { ...values, updatedAt: sql`now()` },
      })
      .returning();
    if (!row) throw new Error('the subscription was not stored');
    // Every instance forgets that the event had no subscription (delivered on commit).
    await tx.execute(sql`SELECT pg_notify(${PUSH_SUBSCRIPTION_CHANNEL}, ${eventId}::text)`);
    return { subscription: toRecord(row), created: !existing };
  });
}

/** Throws the 404 of an event that does not exist or was deleted. */
export async function requireLiveEvent(db: Database, eventId: string): Promise<void> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), isNull(events.deletedAt)));
  if (!event) throw await missingEvent(db, eventId);
}

/** Ends the browser's subscription to the event; false when there was none (a replay). */
export async function deleteSubscription(
  db: Database,
  eventId: string,
  endpoint: string,
): Promise<boolean> {
  await requireLiveEvent(db, eventId);
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.eventId, eventId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ endpoint: pushSubscriptions.endpoint });
  return deleted.length > 0;
}

/**
 * Every subscription to the event (the changing device's own too); none while the event is
 * deleted, so a notification queued before the delete is never sent.
 */
export async function subscriptionsOf(db: Database, eventId: string): Promise<PushRecipient[]> {
  const found = await db
    .select()
    .from(pushSubscriptions)
    .innerJoin(events, eq(events.id, pushSubscriptions.eventId))
    .where(and(eq(pushSubscriptions.eventId, eventId), isNull(events.deletedAt)));
  return found.map(({ push_subscriptions: row }) => ({
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    expirationTime: row.expirationTime,
    locale: pushLocaleSchema.catch('en').parse(row.locale),
    deviceId: row.deviceId,
  }));
}

/**
 * Forgets a subscription the push service says is gone. The keys must match: a browser that
 * subscribed again meanwhile (same endpoint, new keys) keeps its new subscription.
 */
export async function forgetSubscription(
  db: Database,
  eventId: string,
  recipient: Pick<PushRecipient, 'endpoint' | 'p256dh'>,
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.eventId, eventId),
        eq(pushSubscriptions.endpoint, recipient.endpoint),
        eq(pushSubscriptions.p256dh, recipient.p256dh),
      ),
    );
}

/** Whether the browser's key can be agreed with: nothing could be encrypted to it otherwise. */
function isP256Point(base64url: string): boolean {
  try {
    const curve = createECDH('prime256v1');
    curve.generateKeys();
    curve.computeSecret(Buffer.from(base64url, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

function toRecord(row: SubscriptionRow): PushSubscriptionRecord {
  return {
    event_id: row.eventId,
    endpoint: row.endpoint,
    locale: pushLocaleSchema.catch('en').parse(row.locale),
    expiration_time: row.expirationTime ? row.expirationTime.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
