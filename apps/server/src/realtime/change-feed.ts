import type { ActivityRecord } from '@server/events/activity';

/** One committed write to an event: what changed, by which device, at which version. */
export interface EventChange {
  eventId: string;
  version: number;
  /** When it committed: the event's `updated_at` from then on (ISO 8601). */
  at: string;
  /** The change deleted the event itself. */
  deleted: boolean;
  deviceId: string | null;
  /** The device's "who am I" person (a user id, unchecked); absent or null when not sent. */
  whoAmI?: string | null;
  activities: readonly ActivityRecord[];
}

export type ChangeListener = (change: EventChange) => void;

/**
 * Tells the rest of the server about committed changes, after the commit (never for a
 * rollback). The realtime broadcaster and push notifications subscribe here.
 */
export class ChangeFeed {
  readonly #listeners = new Set<ChangeListener>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A failing listener is reported and never undoes or fails the committed write. */
  publish(change: EventChange): void {
    for (const listener of this.#listeners) {
      try {
        listener(change);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
