/**
 * Calendar periods for statistics over time. Dates are calendar days written `YYYY-MM-DD`, as
 * expenses carry them: no time of day and no time zone, so that a day is the same day on every
 * device. Arithmetic runs on UTC midnights, where every day is exactly 86,400,000 ms long.
 */

/** Whether spending over time is told per calendar day or per calendar month. */
export type PeriodUnit = 'day' | 'month';

/** Spans of up to this many calendar days (both ends counted) are told per day. */
export const DAILY_SPAN_LIMIT_DAYS = 31;

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads a `YYYY-MM-DD` date as its UTC midnight.
 *
 * @throws RangeError when the text is not a real calendar date (2026-02-30 is not)
 */
export function dayNumber(date: string): number {
  const match = ISO_DATE.exec(date);
  const time = match
    ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
    : Number.NaN;
  if (!Number.isFinite(time) || new Date(time).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`not a date written as YYYY-MM-DD: ${date}`);
  }
  return time / DAY_MS;
}

function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The calendar days from `first` to `last`, both counted: 1 when they are the same day.
 *
 * @param first a `YYYY-MM-DD` date
 * @param last a `YYYY-MM-DD` date, not before `first`
 */
export function daysSpanned(first: string, last: string): number {
  return dayNumber(last) - dayNumber(first) + 1;
}

/**
 * The period unit that reads best for spending from `first` to `last`: days for a short event
 * (a weekend, a trip of up to a month), months beyond.
 */
export function periodUnitFor(first: string, last: string): PeriodUnit {
  return daysSpanned(first, last) <= DAILY_SPAN_LIMIT_DAYS ? 'day' : 'month';
}

/** The period a `YYYY-MM-DD` date falls in: the date itself per day, `YYYY-MM` per month. */
export function periodOf(date: string, unit: PeriodUnit): string {
  return unit === 'day' ? date : date.slice(0, 7);
}

/**
 * Every period from the one holding `first` to the one holding `last`, in order and without
 * gaps, so that a chart over time shows the quiet days or months as zero rather than skipping
 * them.
 *
 * @param first a `YYYY-MM-DD` date
 * @param last a `YYYY-MM-DD` date, not before `first`
 * @returns `YYYY-MM-DD` keys per day, `YYYY-MM` keys per month
 */
export function periodsBetween(first: string, last: string, unit: PeriodUnit): string[] {
  const start = dayNumber(first);
  const end = dayNumber(last);
  const periods: string[] = [];
  if (unit === 'day') {
    for (let day = start; day <= end; day++) periods.push(dateOfDayNumber(day));
    return periods;
  }
  let year = Number(first.slice(0, 4));
  let month = Number(first.slice(5, 7));
  const lastKey = last.slice(0, 7);
  for (;;) {
    const key = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    if (key > lastKey) return periods;
    periods.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}
