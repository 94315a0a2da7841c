import {
  MAX_REPEAT_COUNT,
  type Recurrence,
  type RepeatBody,
  type RepeatFrequencyName,
} from '@quits/contract';

/** How the form's "Repeat" reads as typed: never, or how often and until when. */
export interface RepeatDraft {
  frequency: 'never' | RepeatFrequencyName;
  ends: 'never' | 'date' | 'count';
  /** The last day, `YYYY-MM-DD`, when it ends on a date. */
  until: string;
  /** How many times, as typed, when it ends after a count. */
  countText: string;
}

export const NO_REPEAT: RepeatDraft = {
  frequency: 'never',
  ends: 'never',
  until: '',
  countText: '',
};

/** A series' repeat, reopened in the form. */
export function repeatDraftOf(series: Recurrence): RepeatDraft {
  const { frequency, until, count } = series.repeat;
  return {
    frequency,
    ends: until ? 'date' : count ? 'count' : 'never',
    until: until ?? '',
    countText: count ? String(count) : '',
  };
}

/** What is wrong with the repeat as typed, by field. */
export type RepeatProblem = 'until' | 'count';

/**
 * The repeat to send for an expense starting on `start`, or the field that is wrong: an end date
 * before the start, or a count that is not a whole number from 1 to the most allowed. Null when
 * the expense does not repeat.
 */
export function repeatOf(
  draft: RepeatDraft,
  start: string,
): { repeat: RepeatBody | null; problem: RepeatProblem | null } {
  if (draft.frequency === 'never') return { repeat: null, problem: null };
  const frequency = draft.frequency;
  if (draft.ends === 'date') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.until) || draft.until < start) {
      return { repeat: null, problem: 'until' };
    }
    return { repeat: { frequency, until: draft.until, count: null }, problem: null };
  }
  if (draft.ends === 'count') {
    const count = Number(draft.countText.trim());
    if (!Number.isInteger(count) || count < 1 || count > MAX_REPEAT_COUNT) {
      return { repeat: null, problem: 'count' };
    }
    return { repeat: { frequency, until: null, count }, problem: null };
  }
  return { repeat: { frequency, until: null, count: null }, problem: null };
}
