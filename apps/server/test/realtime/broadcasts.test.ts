import { broadcastsOf, eventChannel, eventIdOfChannel } from '@server/realtime/broadcasts';
import { describe, expect, it } from 'vitest';

const origin = { device: 'device', userId: null };
const stamp = { version: 7, parts: 2, at: '2026-03-01T10:00:00.000Z' };
const row = (entity: string, action: string) => ({
  entity,
  action,
  before: { id: 'x', state: 'before' },
  after: { id: 'x', state: 'after' },
});

describe('broadcasts of a change', () => {
  it('names each entity and action, a restored entry being a creation and a restored event its own', () => {
    const cases: Array<[string, string, string]> = [
      ['expenditure', 'created', 'ExpenseCreated'],
      ['expenditure', 'restored', 'ExpenseCreated'],
      ['expenditure', 'updated', 'ExpenseUpdated'],
      ['expenditure', 'deleted', 'ExpenseDeleted'],
      ['payment', 'created', 'PaymentCreated'],
      ['payment', 'updated', 'PaymentUpdated'],
      ['payment', 'deleted', 'PaymentDeleted'],
      ['user', 'created', 'UserCreated'],
      ['user', 'updated', 'UserUpdated'],
      ['user', 'deleted', 'UserDeleted'],
      ['event', 'updated', 'EventUpdated'],
      ['event', 'deleted', 'EventDeleted'],
      ['event', 'restored', 'EventRestored'],
      ['recurrence', 'created', 'RecurrenceCreated'],
      ['recurrence', 'updated', 'RecurrenceUpdated'],
      ['recurrence', 'deleted', 'RecurrenceDeleted'],
    ];
    for (const [entity, action, name] of cases) {
      expect(broadcastsOf([row(entity, action)], origin, stamp).map((b) => b.name)).toEqual([name]);
    }
  });

  it('carries the state after the change, or before it for a delete, who made it and its version', () => {
    const [updated, deleted] = broadcastsOf(
      [row('payment', 'updated'), row('payment', 'deleted')],
      { device: 'd', userId: 'u' },
      stamp,
    );
    expect(updated?.data).toEqual({
      entity: { id: 'x', state: 'after' },
      device_id: 'd',
      user_id: 'u',
      ...stamp,
    });
    expect(deleted?.data.entity).toEqual({ id: 'x', state: 'before' });
  });

  it("says nothing of an event's creation, and skips what it does not know", () => {
    expect(broadcastsOf([row('event', 'created'), row('user', 'created')], origin, stamp)).toEqual(
      [],
    );
    expect(broadcastsOf([row('receipt', 'created')], origin, stamp)).toEqual([]);
  });

  it('reads the event id back from its channel and from no other name', () => {
    const id = 'ePPUbBK4SwaFdV-grodJMQ';
    expect(eventIdOfChannel(eventChannel(id))).toBe(id);
    for (const name of [
      'private-event.',
      'private-event.short',
      `presence-event.${id}`,
      `event.${id}`,
    ]) {
      expect(eventIdOfChannel(name)).toBeNull();
    }
  });
});
