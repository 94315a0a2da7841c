import type { EventChange } from './event-changes';

/**
 * The messages on an event's live channel (`private-event.{id}`), one per thing a committed
 * change touched: `{ entity, device_id, user_id, version, parts, at }`, the entity as the API
 * shows it (before it, for a delete), the event's version once the change committed, how many
 * messages that version sends (`parts`) and when it committed (see `event-changes.ts`).
 */
export const BROADCAST_EVENTS = [
  'ExpenseCreated',
  'ExpenseUpdated',
  'ExpenseDeleted',
  'PaymentCreated',
  'PaymentUpdated',
  'PaymentDeleted',
  'UserCreated',
  'UserUpdated',
  'UserDeleted',
  'EventUpdated',
  'EventDeleted',
  'EventRestored',
  'RecurrenceCreated',
  'RecurrenceUpdated',
  'RecurrenceDeleted',
] as const;
export type BroadcastEvent = (typeof BROADCAST_EVENTS)[number];

const ENTITIES = {
  Expense: 'expenditure',
  Payment: 'payment',
  User: 'user',
  Event: 'event',
  Recurrence: 'recurrence',
} as const;

const ACTIONS = {
  Created: 'created',
  Updated: 'updated',
  Deleted: 'deleted',
  Restored: 'restored',
} as const;

/** What a live message's `data` holds besides who made the change (see BROADCAST_EVENTS). */
export interface BroadcastData {
  entity: unknown;
  version?: number | null;
  parts?: number;
  at?: string;
}

/**
 * A live message as one change to apply in place (see `applyEventChanges`); null when it does
 * not carry its version (history kept before versions were, or a server that sends none).
 */
export function changeOfMessage(name: string, data: BroadcastData): EventChange | null {
  const match = /^(Expense|Payment|User|Event|Recurrence)(Created|Updated|Deleted|Restored)$/.exec(
    name,
  );
  if (!match || typeof data.version !== 'number' || !data.at) return null;
  const entity = ENTITIES[match[1] as keyof typeof ENTITIES];
  const action = ACTIONS[match[2] as keyof typeof ACTIONS];
  const thing = data.entity as { id?: unknown } | null;
  return {
    version: data.version,
    parts: data.parts ?? 1,
    at: data.at,
    entity,
    action,
    entity_id: typeof thing?.id === 'string' ? thing.id : '',
    data: data.entity ?? null,
  };
}
