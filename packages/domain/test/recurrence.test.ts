import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dueOccurrences,
  firstIndexFrom,
  isTimeZone,
  occurrenceDate,
  type RepeatFrequency,
  type RepeatRule,
  todayIn,
} from '../src/index';

const FREQUENCIES: RepeatFrequency[] = ['daily', 'weekly', 'monthly', 'monthly_last', 'yearly'];

const dateArb = fc
  .date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2090-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));

const ruleArb: fc.Arbitrary<RepeatRule> = fc.record({
  frequency: fc.constantFrom(...FREQUENCIES),
  start: dateArb,
  until: fc.option(dateArb, { nil: null }),
  count: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
});

const dates = (rule: RepeatRule, count: number) =>
  Array.from({ length: count }, (_, index) => occurrenceDate(rule, index));

describe('occurrenceDate', () => {
  it('repeats a month on the same day, the last day of a shorter month standing in', () => {
    const rent = { frequency: 'monthly' as const, start: '2027-01-31' };
    expect(dates(rent, 5)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
  });

  it('repeats on the last day of each month', () => {
    const rule = { frequency: 'monthly_last' as const, start: '2028-01-15' };
    expect(dates(rule, 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
  });

  it('repeats daily, weekly and yearly (the 29th of February on the 28th in other years)', () => {
    expect(dates({ frequency: 'daily', start: '2026-12-30' }, 3)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
    ]);
    expect(dates({ frequency: 'weekly', start: '2026-12-28' }, 2)).toEqual([
      '2026-12-28',
      '2027-01-04',
    ]);
    expect(dates({ frequency: 'yearly', start: '2028-02-29' }, 3)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
    ]);
  });

  it('ends after its count or its end date, whichever comes first', () => {
    expect(dates({ frequency: 'weekly', start: '2026-12-01', count: 2 }, 3)).toEqual([
      '2026-12-01',
      '2026-12-08',
      null,
    ]);
    expect(dates({ frequency: 'weekly', start: '2026-12-01', until: '2026-12-14' }, 3)).toEqual([
      '2026-12-01',
      '2026-12-08',
      null,
    ]);
  });

  it('for any rule: dates strictly grow, never come before the start or after the end, and stop for good', () => {
    fc.assert(
      fc.property(ruleArb, (rule) => {
        let previous: string | null = null;
        let ended = false;
        for (let index = 0; index < 40; index += 1) {
          const date = occurrenceDate(rule, index);
          if (date === null) {
            ended = true;
            continue;
          }
          expect(ended).toBe(false);
          expect(date >= rule.start || rule.frequency === 'monthly_last').toBe(true);
          if (rule.until) expect(date <= rule.until).toBe(true);
          if (previous !== null) expect(date > previous).toBe(true);
          previous = date;
        }
      }),
    );
  });
});

describe('dueOccurrences and firstIndexFrom', () => {
  it('owes exactly the occurrences up to today, in order, whatever index it catches up from', () => {
    fc.assert(
      fc.property(ruleArb, dateArb, fc.integer({ min: 0, max: 30 }), (rule, today, from) => {
        const due = dueOccurrences(rule, from, today, 1000);
        due.forEach((occurrence, i) => {
          expect(occurrence.index).toBe(from + i);
          expect(occurrence.date).toBe(occurrenceDate(rule, occurrence.index));
          expect(occurrence.date <= today).toBe(true);
        });
        const next = occurrenceDate(rule, from + due.length);
        if (due.length < 1000) expect(next === null || next > today).toBe(true);
      }),
    );
  });

  it('resumes at the first occurrence on or after a day, skipping what fell due before', () => {
    fc.assert(
      fc.property(ruleArb, dateArb, fc.integer({ min: 0, max: 30 }), (rule, day, from) => {
        const index = firstIndexFrom(rule, from, day);
        if (index === null) {
          for (let i = from; i < from + 60; i += 1) {
            const date = occurrenceDate(rule, i);
            expect(date === null || date < day).toBe(true);
          }
          return;
        }
        expect(index).toBeGreaterThanOrEqual(from);
        expect((occurrenceDate(rule, index) ?? '') >= day).toBe(true);
        if (index > from) expect((occurrenceDate(rule, index - 1) ?? '') < day).toBe(true);
      }),
    );
  });
});

describe('addDays', () => {
  it('moves across months, years and leap days, both ways', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-11-27', -366)).toBe('2025-11-26');
  });
});

describe('time zones', () => {
  it('tells the day in the event’s time zone, not the server’s', () => {
    const now = new Date('2026-11-27T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-11-27');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-11-28');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-27');
    expect(isTimeZone('Europe/Lisbon')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
