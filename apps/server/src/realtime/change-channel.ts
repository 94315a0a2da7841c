/** The PostgreSQL NOTIFY channel on which every committed change to an event is announced. */
export const CHANGE_CHANNEL = 'quits_event_changes';

/**
 * The channel on which a saved push subscription is announced (the payload is the event id),
 * so that every instance stops believing the event has none (push/subscription-presence.ts).
 */
export const PUSH_SUBSCRIPTION_CHANNEL = 'quits_push_subscriptions';

/** What crosses between server instances: which event, at which version, and if deleted. */
export interface ChangeNotice {
  eventId: string;
  version: number;
  deleted: boolean;
}

export function encodeNotice(notice: ChangeNotice): string {
  return JSON.stringify({ e: notice.eventId, v: notice.version, d: notice.deleted });
}

/** Null for anything that is not a notice (the channel is ours, but be strict anyway). */
export function decodeNotice(payload: string | undefined): ChangeNotice | null {
  try {
    const value = JSON.parse(payload ?? '') as { e?: unknown; v?: unknown; d?: unknown };
    if (typeof value.e !== 'string' || !Number.isSafeInteger(value.v)) return null;
    return { eventId: value.e, version: value.v as number, deleted: value.d === true };
  } catch {
    return null;
  }
}
