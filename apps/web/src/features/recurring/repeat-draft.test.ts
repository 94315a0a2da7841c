import { describe, expect, it } from 'vitest';
import { NO_REPEAT, repeatOf } from './repeat-draft';

describe('the repeat as typed', () => {
  const start = '2026-12-01';

  it('sends nothing when the expense does not repeat', () => {
    expect(repeatOf(NO_REPEAT, start)).toEqual({ repeat: null, problem: null });
  });

  it('sends how often, and when it ends: never, on a date, or after a count', () => {
    const monthly = { ...NO_REPEAT, frequency: 'monthly' as const };
    expect(repeatOf(monthly, start).repeat).toEqual({
      frequency: 'monthly',
      until: null,
      count: null,
    });
    expect(repeatOf({ ...monthly, ends: 'date', until: '2027-06-30' }, start).repeat).toEqual({
      frequency: 'monthly',
      until: '2027-06-30',
      count: null,
    });
    expect(repeatOf({ ...monthly, ends: 'count', countText: ' 12 ' }, start).repeat).toEqual({
      frequency: 'monthly',
      until: null,
      count: 12,
    });
  });

  it('names the field that is wrong: an end before the start, a count that is not 1 to 1000', () => {
    const weekly = { ...NO_REPEAT, frequency: 'weekly' as const };
    expect(repeatOf({ ...weekly, ends: 'date', until: '2026-11-30' }, start).problem).toBe('until');
    expect(repeatOf({ ...weekly, ends: 'date', until: '' }, start).problem).toBe('until');
    for (const countText of ['0', '1.5', 'ten', '1001', '']) {
      expect(repeatOf({ ...weekly, ends: 'count', countText }, start).problem).toBe('count');
    }
  });
});
