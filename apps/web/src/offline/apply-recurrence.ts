import type { Event, Recurrence, RecurrenceBody, RecurrenceChange } from '@quits/contract';
import { addDays, dueOccurrences, occurrenceDate, type RepeatRule, todayIn } from '@quits/domain';
import { occurrenceOf } from '@web/lib/recurrence-occurrence';

/** Occurrences shown at once for a new series, as the server makes them in one write at most. */
const SHOWN_AT_ONCE = 366;

function ruleOf(body: RecurrenceBody): RepeatRule {
  return {
    frequency: body.repeat.frequency,
    start: body.expense.date,
    until: body.repeat.until ?? null,
    count: body.repeat.count ?? null,
  };
}

/**
 * The event once the server has made the series `body` and what of it is due today in the
 * event's time zone, as the server will: the first occurrence has the expense's own id. Later
 * ones have a placeholder id until the server's copy comes (it replaces this one whole).
 */
export function withNewSeries(event: Event, body: RecurrenceBody, now: string): Event {
  if (event.recurrences?.some((series) => series.id === body.id)) return event;
  const rule = ruleOf(body);
  const today = todayIn(event.time_zone ?? 'UTC', new Date(now));
  const due = dueOccurrences(rule, 0, today, SHOWN_AT_ONCE);
  const { base: _base, ...template } = body.expense;
  const occurrences = due.map(({ index, date }) =>
    occurrenceOf(
      body.expense,
      {
        id: index === 0 ? body.expense.id : `${body.id}-${index}`,
        eventId: event.id,
        date,
        now,
        first: index === 0,
      },
      body.id,
    ),
  );
  const series: Recurrence = {
    id: body.id,
    event_id: event.id,
    expense: template,
    repeat: { ...body.repeat, start: rule.start },
    next_index: due.length,
    next_date: occurrenceDate(rule, due.length),
    paused_at: null,
    stopped_at: null,
    created_at: now,
    updated_at: now,
  };
  return {
    ...event,
    expenditures: [...event.expenditures, ...occurrences],
    recurrences: [...(event.recurrences ?? []), series],
  };
}

/** The event once the server has paused, resumed, stopped or replaced the series. */
export function withSeriesChange(
  event: Event,
  id: string,
  change: RecurrenceChange,
  now: string,
): Event {
  const list = event.recurrences ?? [];
  const edit = (fields: (series: Recurrence) => Partial<Recurrence>): Event => ({
    ...event,
    recurrences: list.map((series) =>
      series.id === id && !series.stopped_at
        ? { ...series, ...fields(series), updated_at: now }
        : series,
    ),
  });
  switch (change.action) {
    case 'pause':
      return edit((series) => ({ paused_at: series.paused_at ?? now }));
    case 'resume':
      return edit(() => ({ paused_at: null }));
    case 'stop':
      return edit(() => ({ stopped_at: now, next_date: null }));
    case 'replace': {
      const until = addDays(change.replacement.expense.date, -1);
      const ended = edit((series) => ({
        repeat: { ...series.repeat, until },
        next_date: series.next_date && series.next_date > until ? null : series.next_date,
      }));
      return withNewSeries(ended, change.replacement, now);
    }
  }
}
