import { dayNumber } from './statistics-periods';

/** A stretch of days a person was part of the event, both ends counted (`YYYY-MM-DD`). */
export interface PresencePeriod {
  from: string;
  to: string;
}

/**
 * Whether a person with these presence periods was there on `date`. No periods means the person
 * was always there: most groups never set any, and they must lose nothing.
 */
export function isPresentOn(periods: readonly PresencePeriod[], date: string): boolean {
  if (periods.length === 0) return true;
  return periods.some((period) => period.from <= date && date <= period.to);
}

/**
 * How many days of `from`–`to` (both counted) a person was there. Overlapping periods count
 * each day once, so two periods typed over each other never make a day worth two.
 *
 * @param periods the person's presence; none means every day of the range
 * @returns a whole number from 0 to the length of the range
 * @throws RangeError when a date is not a real `YYYY-MM-DD` date
 */
export function daysPresent(periods: readonly PresencePeriod[], from: string, to: string): number {
  const start = dayNumber(from);
  const end = dayNumber(to);
  if (end < start) return 0;
  if (periods.length === 0) return end - start + 1;
  const clipped = periods
    .map((period) => [Math.max(start, dayNumber(period.from)), Math.min(end, dayNumber(period.to))])
    .filter(([a = 0, b = 0]) => a <= b)
    .sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0));
  let days = 0;
  let covered = start - 1;
  for (const [a = 0, b = 0] of clipped) {
    const first = Math.max(a, covered + 1);
    if (b >= first) days += b - first + 1;
    covered = Math.max(covered, b);
  }
  return days;
}
