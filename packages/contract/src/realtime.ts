/**
 * The messages on an event's live channel (`private-event.{id}`), one per committed change:
 * `{ entity, device_id, user_id }`, the entity as the API shows it (before it, for a delete).
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
] as const;
export type BroadcastEvent = (typeof BROADCAST_EVENTS)[number];
