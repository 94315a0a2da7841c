import { eventIdSchema } from '@quits/contract';

const CHANNEL_PREFIX = 'private-event.';

/** An event's channel: private, so joining it takes a signature, given to whoever knows the id. */
export function eventChannel(eventId: string): string {
  return `${CHANNEL_PREFIX}${eventId}`;
}

/** The event id of one of our channels; null for any other name. */
export function eventIdOfChannel(channel: string): string | null {
  if (!channel.startsWith(CHANNEL_PREFIX)) return null;
  const eventId = channel.slice(CHANNEL_PREFIX.length);
  return eventIdSchema.safeParse(eventId).success ? eventId : null;
}

/**
 * One message on an event's channel: what changed, as the API shows it, and who changed it;
 * the device by its pseudonym in the event, as the history shows it. `version`, `parts` and
 * `at` let a device that holds the version before apply it in place (see `event-changes.ts`).
 */
export interface Broadcast {
  /** `ExpenseCreated`, `PaymentDeleted`, `EventUpdated`… */
  name: string;
  data: {
    entity: unknown;
    device_id: string | null;
    user_id: string | null;
    /** The event's version once the change committed; null for history kept before versions. */
    version: number | null;
    /** How many messages (history rows) that version sends. */
    parts: number;
    /** When the change committed (ISO 8601). */
    at: string;
  };
}

/** What a history row holds that a broadcast needs (in memory or read back from the table). */
export interface ChangedEntity {
  entity: string;
  action: string;
  before: unknown;
  after: unknown;
}

/** The change that wrote the rows: its version, rows in it, and when it committed. */
export interface ChangeStamp {
  version: number | null;
  parts: number;
  at: string;
}

const SUBJECTS: Readonly<Record<string, string>> = {
  expenditure: 'Expense',
  payment: 'Payment',
  user: 'User',
  event: 'Event',
  recurrence: 'Recurrence',
};

/**
 * The broadcast's name: a restored entry counts as a creation; the event itself is updated,
 * deleted or restored (open devices leave it or come back to it).
 */
function nameOf(entity: string, action: string): string | null {
  const subject = SUBJECTS[entity];
  if (!subject) return null;
  if (action === 'deleted') return `${subject}Deleted`;
  if (entity === 'event') return action === 'restored' ? 'EventRestored' : 'EventUpdated';
  return action === 'updated' ? `${subject}Updated` : `${subject}Created`;
}

const createsTheEvent = (row: ChangedEntity) => row.entity === 'event' && row.action === 'created';

/**
 * The broadcasts of one committed change, in the order of its history rows. The entity is the
 * state after the change, or before it for a delete (what was removed). An event's creation
 * has none: nobody can have joined the channel of an event that did not exist.
 */
export function broadcastsOf(
  rows: readonly ChangedEntity[],
  origin: { device: string | null; userId: string | null },
  stamp: ChangeStamp,
): Broadcast[] {
  if (rows.some(createsTheEvent)) return [];
  const broadcasts: Broadcast[] = [];
  for (const row of rows) {
    const name = nameOf(row.entity, row.action);
    if (!name) continue;
    const entity = (row.action === 'deleted' ? row.before : row.after) ?? null;
    broadcasts.push({
      name,
      data: { entity, device_id: origin.device, user_id: origin.userId, ...stamp },
    });
  }
  return broadcasts;
}
