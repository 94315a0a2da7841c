import type { Activity } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { activityKey } from './activity-key';

const row = (change: Partial<Activity>): Activity => ({
  id: 1,
  entity: 'expenditure',
  entity_id: '44444444-4444-4444-8444-444444444444',
  action: 'created',
  device_id: 'device',
  user_id: '11111111-1111-4111-8111-111111111111',
  before: null,
  after: { title: 'Rent', recurrence_id: null },
  created_at: '2026-11-20T10:00:00.000Z',
  ...change,
});

describe('the sentence of a history row', () => {
  it('says who added an expense, and that the server repeated an occurrence of a series', () => {
    expect(activityKey(row({}))).toBe('activity.expenditure_created');
    const repeated = { title: 'Rent', recurrence_id: '22222222-2222-4222-8222-222222222222' };
    // The first occurrence is the one a person added with the series: theirs.
    expect(activityKey(row({ after: repeated }))).toBe('activity.expenditure_created');
    expect(activityKey(row({ after: repeated, user_id: null, device_id: null }))).toBe(
      'activity.expenditure_repeated',
    );
  });

  it('says a closed or reopened event, and a recurring expense by its own words', () => {
    expect(
      activityKey(
        row({
          entity: 'event',
          action: 'updated',
          before: { closed_at: null },
          after: { closed_at: 'x' },
        }),
      ),
    ).toBe('activity.event_closed');
    expect(activityKey(row({ entity: 'recurrence', action: 'created' }))).toBe(
      'activity.recurrence_created',
    );
  });
});
