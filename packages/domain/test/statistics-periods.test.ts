import { describe, expect, it } from 'vitest';
import {
  DAILY_SPAN_LIMIT_DAYS,
  dayNumber,
  daysSpanned,
  periodOf,
  periodsBetween,
  periodUnitFor,
} from '../src/index';

describe('statistics periods', () => {
  it('counts both ends of a span, across a leap day and a year end', () => {
    expect(daysSpanned('2026-11-20', '2026-11-20')).toBe(1);
    expect(daysSpanned('2028-02-28', '2028-03-01')).toBe(3);
    expect(daysSpanned('2026-12-30', '2027-01-02')).toBe(4);
  });

  it('tells a span of up to 31 days per day and a longer one per month', () => {
    expect(DAILY_SPAN_LIMIT_DAYS).toBe(31);
    expect(periodUnitFor('2026-07-01', '2026-07-31')).toBe('day');
    expect(periodUnitFor('2026-07-01', '2026-08-01')).toBe('month');
    // A short February: 31 January to 2 March is 31 days, one more is beyond.
    expect(periodUnitFor('2026-01-31', '2026-03-02')).toBe('day');
    expect(periodUnitFor('2026-01-31', '2026-03-03')).toBe('month');
  });

  it('lists every day between two dates, the quiet ones too', () => {
    expect(periodsBetween('2026-12-30', '2027-01-02', 'day')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  it('lists every month between two dates, across a year end', () => {
    expect(periodsBetween('2026-11-30', '2027-02-01', 'month')).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
    expect(periodsBetween('2026-05-01', '2026-05-31', 'month')).toEqual(['2026-05']);
  });

  it('puts a date in its day or its month', () => {
    expect(periodOf('2026-11-20', 'day')).toBe('2026-11-20');
    expect(periodOf('2026-11-20', 'month')).toBe('2026-11');
  });

  it('refuses dates that are not real calendar days', () => {
    expect(() => dayNumber('2026-02-30')).toThrow(RangeError);
    expect(() => dayNumber('20.11.2026')).toThrow(RangeError);
    expect(() => dayNumber('2026-11-20T10:00:00Z')).toThrow(RangeError);
    expect(dayNumber('1970-01-02')).toBe(1);
  });
});
