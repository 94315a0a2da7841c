import type { Database } from '@server/db/connection';
import { activities } from '@server/db/schema';
import type { DevicePseudonyms } from '@server/devices/device-pseudonyms';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Broadcast, broadcastsOf } from './broadcasts';
import type { ChangeNotice } from './change-channel';

/** History rows read per query when catching up. */
const PAGE = 200;

interface Followed {
  /** The id of the last history row broadcast here for this event; null until first read. */
  cursor: number | null;
  /** Settles once `cursor` is read. */
  ready: Promise<void>;
  loading: boolean;
  /** Another notice came during a load: read again after it. */
  again: boolean;
}

/**
 * Turns every instance's committed changes into broadcasts for the sockets on this one (on
 * PostgreSQL). A notice only names the event; the history rows written after the last one this
 * instance broadcast for it are read back and published in order. Writes to one event hold its
 * row lock while they take their history ids, so for one event those ids grow in commit order.
 *
 * An event is followed from its first subscriber here — starting after its newest row, before
 * the subscriber is told it joined, so that it misses nothing it had not read — to its last.
 * After the change stream broke, every followed event is caught up on from its cursor.
 */
export class ActivityRelay {
  readonly #followed = new Map<string, Followed>();
  readonly #newest;
  readonly #after;

  constructor(
    db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly devices: DevicePseudonyms,
    private readonly publish: (eventId: string, broadcasts: readonly Broadcast[]) => void,
  ) {
    const ofEvent = eq(activities.eventId, sql.placeholder('eventId'));
    this.#newest = db
      .select({ id: sql<string | number | null>`max(${activities.id})` })
      .from(activities)
      .where(ofEvent)
      .prepare('relay_newest_activity');
    this.#after = db
      .select({
        id: activities.id,
        entity: activities.entity,
        action: activities.action,
        deviceId: activities.deviceId,
        userId: activities.userId,
        before: activities.before,
        after: activities.after,
        version: activities.version,
        at: activities.createdAt,
        // The rows of the row's change (they share its version): found by an index. Spelled
        // out, as drizzle leaves a column unqualified, which would name the subquery's own.
        parts: sql<number>`(SELECT count(*) FROM activities AS part
          WHERE part.event_id = activities.event_id AND part.version = activities.version)`.mapWith(
          Number,
        ),
      })
      .from(activities)
      .where(and(ofEvent, gt(activities.id, sql.placeholder('cursor'))))
      .orderBy(asc(activities.id))
      .limit(PAGE)
      .prepare('relay_activities_after');
  }

  /** Starts following the event (once for all its subscribers); settles when it is followed. */
  follow(eventId: string): Promise<void> {
    const existing = this.#followed.get(eventId);
    if (existing) return existing.ready;
    const followed: Followed = {
      cursor: null,
      ready: Promise.resolve(),
      loading: false,
      again: false,
    };
    followed.ready = this.#newest.execute({ eventId }).then(
      ([row]) => {
        followed.cursor = Number(row?.id ?? 0);
      },
      (error: unknown) => {
        if (this.#followed.get(eventId) === followed) this.#followed.delete(eventId);
        throw error;
      },
    );
    this.#followed.set(eventId, followed);
    return followed.ready;
  }

  unfollow(eventId: string): void {
    this.#followed.delete(eventId);
  }

  /** A change committed by any instance. */
  noteChange(notice: ChangeNotice): void {
    const followed = this.#followed.get(notice.eventId);
    if (followed) void this.#catchUp(notice.eventId, followed);
  }

  /** The change stream is whole again: whatever it missed meanwhile is in the history. */
  streamState(whole: boolean): void {
    if (!whole) return;
    for (const [eventId, followed] of this.#followed) void this.#catchUp(eventId, followed);
  }

  async #catchUp(eventId: string, followed: Followed): Promise<void> {
    if (followed.loading) {
      followed.again = true;
      return;
    }
    followed.loading = true;
    try {
      await followed.ready;
      do {
        followed.again = false;
        const rows = await this.#after.execute({ eventId, cursor: followed.cursor ?? 0 });
        // Nobody here listens any more (a new subscriber starts a fresh cursor).
        if (this.#followed.get(eventId) !== followed) return;
        for (const row of rows) {
          followed.cursor = row.id;
          const device = this.devices.of(eventId, row.deviceId);
          const stamp = {
            version: row.version,
            parts: Math.max(1, row.parts),
            at: row.at.toISOString(),
          };
          this.publish(eventId, broadcastsOf([row], { device, userId: row.userId }, stamp));
        }
        if (rows.length === PAGE) followed.again = true;
      } while (followed.again);
    } catch (error) {
      this.log.error({ err: error }, 'could not read changes to broadcast');
    } finally {
      followed.loading = false;
    }
  }
}
