import { randomUUID } from 'node:crypto';
import { LIMITS, type RecurrenceBody } from '@quits/contract';
import { dueOccurrences, occurrenceDate, type RepeatRule, todayIn } from '@quits/domain';
import { type AttachmentRow, expenditures, recurrences } from '@server/db/schema';
import type { EventWrite } from '@server/events/event-write';
import { decideExpenseRate, type RateSources } from '@server/events/expense-rate';
import { toExpenditure, toRecurrence } from '@server/events/serializers';
import { eq, sql } from 'drizzle-orm';

type SeriesRow = typeof recurrences.$inferSelect;

/** Occurrences one series makes in one write at most: a year of days; the rest comes next run. */
export const MAX_OCCURRENCES_PER_WRITE = 366;

/** The repeat rule a stored series follows. */
export function ruleOf(series: SeriesRow): RepeatRule {
  return {
    frequency: series.frequency as RepeatRule['frequency'],
    start: series.start,
    until: series.until,
    count: series.count,
  };
}

/**
 * Makes every occurrence of `series` due by today in the event's time zone, each an ordinary
 * expense recorded in the history, and moves the series on past them. The first occurrence takes
 * the id of the expense the series was made from; each occurrence is keyed by its series and
 * date (a unique index), so a second instance, a retry or a replay never makes one twice: what
 * exists already is stepped over. A paused or stopped series makes none; a full event makes
 * none and the series waits. Answers how many it made.
 */
export async function makeDueOccurrences(
  write: Pick<EventWrite, 'tx' | 'event' | 'record' | 'countItems'>,
  sources: RateSources,
  series: SeriesRow,
  now: Date,
): Promise<number> {
  const { tx, event, record, countItems } = write;
  if (series.pausedAt || series.stoppedAt || series.deletedAt || series.nextDate === null) return 0;
  const rule = ruleOf(series);
  const today = todayIn(event.timeZone, now);
  const room = Math.max(0, LIMITS.maxItems - event.itemCount);
  const due = dueOccurrences(
    rule,
    series.nextIndex,
    today,
    Math.min(room, MAX_OCCURRENCES_PER_WRITE),
  );
  if (due.length === 0) return 0;
  const template = series.expense as RecurrenceBody['expense'];
  let made = 0;
  for (const { index, date } of due) {
    const id = index === 0 ? template.id : randomUUID();
    const rate = await decideExpenseRate(
      tx,
      sources,
      event,
      { date, amount: template.amount, currency_id: template.currency_id },
      template.rate ?? null,
      null,
    );
    const [row] = await tx
      .insert(expenditures)
      .values({
        id,
        eventId: event.id,
        userId: template.user_id ?? null,
        kind: template.kind ?? 'expense',
        title: template.title,
        desc: template.desc,
        date,
        amount: template.amount,
        currencyId: template.currency_id,
        category: template.category ?? null,
        split: template.split ?? null,
        payer: template.payer.map(({ user_id, amount }) => ({ user_id, amount })),
        participant: template.participant.map(({ user_id, amount }) => ({ user_id, amount })),
        // The receipt and the attachments belong to the first occurrence alone: they are one
        // purchase's. The series keeps them as the server stored them (`insertSeries`).
        receiptId: index === 0 ? (template.receipt_id ?? null) : null,
        attachments: index === 0 ? ((template.attachments ?? []) as AttachmentRow[]) : [],
        rate,
        recurrenceId: series.id,
        occurrenceDate: date,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) continue;
    made += 1;
    const after = toExpenditure(row);
    record({ entity: 'expenditure', entityId: id, action: 'created', before: null, after });
  }
  countItems(made);
  const nextIndex = (due.at(-1)?.index ?? series.nextIndex) + 1;
  await moveOn(write, series, nextIndex);
  return made;
}

/** Sets where the series goes on from (the index and its date; null once it has ended). */
export async function moveOn(
  write: Pick<EventWrite, 'tx'>,
  series: SeriesRow,
  nextIndex: number,
  change: Partial<Pick<SeriesRow, 'pausedAt' | 'stoppedAt' | 'until'>> = {},
): Promise<ReturnType<typeof toRecurrence>> {
  const rule = { ...ruleOf(series), ...('until' in change ? { until: change.until } : {}) };
  const [row] = await write.tx
    .update(recurrences)
    .set({
      ...change,
      nextIndex,
      nextDate: occurrenceDate(rule, nextIndex),
      updatedAt: sql`now()`,
    })
    .where(eq(recurrences.id, series.id))
    .returning();
  if (!row) throw new Error('the series to move on is gone');
  return toRecurrence(row);
}
