import { describe, expect, it } from 'vitest';
import { isWhoAmIRecords, whoAmIOf } from './who-am-i-records';

describe('who this device is in an event', () => {
  const records = [
    { id: 'p1', event_id: 'e1' },
    { id: 'p2', event_id: 'e2' },
  ];

  it('is the person recorded for that event', () => {
    expect(whoAmIOf(records, 'e2')).toBe('p2');
  });

  it('is nobody in an event it has not said', () => {
    expect(whoAmIOf(records, 'e3')).toBeNull();
    expect(whoAmIOf([], 'e1')).toBeNull();
  });

  it('takes only a list whose every record has both ids', () => {
    expect(isWhoAmIRecords(records)).toBe(true);
    expect(isWhoAmIRecords([])).toBe(true);
    expect(isWhoAmIRecords([{ id: 'p1', event_id: 'e1' }, null])).toBe(false);
    expect(isWhoAmIRecords([{ id: 'p1' }])).toBe(false);
    expect(isWhoAmIRecords([{ id: 7, event_id: 'e1' }])).toBe(false);
    expect(isWhoAmIRecords({ id: 'p1', event_id: 'e1' })).toBe(false);
    expect(isWhoAmIRecords('p1')).toBe(false);
  });
});
