/**
 * How often a recurring expense repeats: every day, week, month on the same day (the 31st falls
 * on the last day of a shorter month), month on its last day, or year (the 29th of February falls
 * on the 28th in other years).
 */
export type RepeatFrequency = 'daily' | 'weekly' | 'monthly' | 'monthly_last' | 'yearly';

/** When a series repeats: from `start` (its first date), until a date, for a count, or forever. */
export interface RepeatRule {
  frequency: RepeatFrequency;
  /** The first occurrence, `YYYY-MM-DD`. */
  start: string;
  /** The last day an occurrence may fall on, both ends counted; null: no end date. */
  until?: string | null;
  /** How many occurrences at most; null: no count. */
  count?: number | null;
}

const DAY_MS = 86_400_000;

function parts(date: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day)
    throw new RangeError(`not a calendar day: ${date}`);
  return [year, month, day];
}

function isoOf(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10);
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The day `months` months after the start's month, on `day` or the month's last day. */
function inMonth(year: number, month: number, months: number, day: number | 'last'): string {
  const index = year * 12 + (month - 1) + months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  const last = daysIn(y, m);
  return isoOf(Date.UTC(y, m - 1, day === 'last' ? last : Math.min(day, last)));
}

/**
 * The date of occurrence `index` (0 is the start), counted from the start each time so that a
 * short month never moves the later ones ("the 31st" stays the 31st after February), or null
 * when the series has ended by then (past its count or its end date).
 *
 * @throws RangeError when the start or the end date is not a calendar day
 */
export function occurrenceDate(rule: RepeatRule, index: number): string | null {
  if (!Number.isSafeInteger(index) || index < 0) return null;
  if (rule.count != null && index >= rule.count) return null;
  const [year, month, day] = parts(rule.start);
  let date: string;
  switch (rule.frequency) {
    case 'daily':
      date = isoOf(Date.UTC(year, month - 1, day) + index * DAY_MS);
      break;
    case 'weekly':
      date = isoOf(Date.UTC(year, month - 1, day) + index * 7 * DAY_MS);
      break;
    case 'monthly':
      date = inMonth(year, month, index, day);
      break;
    case 'monthly_last':
      date = inMonth(year, month, index, 'last');
      break;
    case 'yearly':
      date = inMonth(year, month, index * 12, day);
      break;
  }
  if (rule.until != null) {
    parts(rule.until);
    if (date > rule.until) return null;
  }
  // Years past 9999 do not fit YYYY-MM-DD: the series has ended for any calendar a person uses.
  return /^\d{4}-/.test(date) ? date : null;
}

/**
 * The occurrences from `fromIndex` on whose date is on or before `today`, at most `limit` of
 * them: what a series owes the event on that day. Dates only grow with the index, so the first
 * one after `today` ends the list.
 */
export function dueOccurrences(
  rule: RepeatRule,
  fromIndex: number,
  today: string,
  limit: number,
): { index: number; date: string }[] {
  const due: { index: number; date: string }[] = [];
  for (let index = fromIndex; due.length < limit; index += 1) {
    const date = occurrenceDate(rule, index);
    if (date === null || date > today) break;
    due.push({ index, date });
  }
  return due;
}

/**
 * The first index whose date is on or after `day`: where a series resumes after a pause (what
 * fell due while it was paused is skipped), or null when none is left.
 */
export function firstIndexFrom(rule: RepeatRule, fromIndex: number, day: string): number | null {
  // Dates grow with the index: gallop to a date on or after `day`, then halve the gap.
  const start = occurrenceDate(rule, fromIndex);
  if (start === null) return null;
  if (start >= day) return fromIndex;
  let low = fromIndex;
  let high = fromIndex + 1;
  for (;;) {
    const date = occurrenceDate(rule, high);
    if (date === null) {
      // Past the end: look only below it.
      break;
    }
    if (date >= day) break;
    low = high;
    high = fromIndex + (high - fromIndex) * 2;
  }
  // Now occurrenceDate(low) < day, and high is past it or at/after the day (or past the end).
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    const date = occurrenceDate(rule, middle);
    if (date !== null && date < day) low = middle;
    else high = middle;
  }
  return occurrenceDate(rule, high) === null ? null : high;
}

/** The day `days` days after `date` (before it when negative), `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  return isoOf(Date.UTC(year, month - 1, day) + days * DAY_MS);
}

/** Today's date, `YYYY-MM-DD`, in a time zone (an IANA name such as "Europe/Lisbon"). */
export function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Whether `timeZone` names a time zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
