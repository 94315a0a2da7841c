import { broadcastsOf, eventChannel, eventIdOfChannel } from '@server/realtime/broadcasts';
import { describe, expect, it } from 'vitest';

const origin = { device: 'device', userId: null };
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
    ];
    for (const [entity, action, name] of cases) {
      expect(broadcastsOf([row(entity, action)], origin).map((b) => b.name)).toEqual([name]);
    }
  });

  it('carries the state after the change, or before it for a delete, and who made it', () => {
    const [updated, deleted] = broadcastsOf(
      [row('payment', 'updated'), row('payment', 'deleted')],
      { device: 'd', userId: 'u' },
    );
    expect(updated?.data).toEqual({
      entity: { id: 'x', state: 'after' },
      device_id: 'd',
      user_id: 'u',
    });
    expect(deleted?.data.entity).toEqual({ id: 'x', state: 'before' });
  });

  it("says nothing of an event's creation, and skips what it does not know", () => {
    expect(broadcastsOf([row('event', 'created'), row('user', 'created')], origin)).toEqual([]);
    expect(broadcastsOf([row('receipt', 'created')], origin)).toEqual([]);
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
