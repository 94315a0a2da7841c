export type ActivityEntity = 'event' | 'user' | 'expenditure' | 'payment' | 'recurrence';
export type ActivityAction = 'created' | 'updated' | 'deleted' | 'restored';

/**
 * One row of the history: the entity as the API shows it, before and after the change. Every
 * write records its rows through `writeEvent` or `writeNewEvent` (event-write.ts).
 */
export interface ActivityRecord {
  entity: ActivityEntity;
  entityId: string;
  action: ActivityAction;
  before: unknown;
  after: unknown;
}
