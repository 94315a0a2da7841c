import { z } from 'zod';
import { expenditureBodySchema } from './expenditure';
import { eventIdSchema, isoDateSchema, timestampSchema, uuidSchema } from './primitives';

/**
 * How often a recurring expense repeats (see the domain's `occurrenceDate`): `monthly` on the
 * start's day (the 31st on a shorter month's last day), `monthly_last` on each month's last day.
 */
export const REPEAT_FREQUENCIES = ['daily', 'weekly', 'monthly', 'monthly_last', 'yearly'] as const;
export type RepeatFrequencyName = (typeof REPEAT_FREQUENCIES)[number];

/** The most occurrences a series may be given by count. */
export const MAX_REPEAT_COUNT = 1000;

/** How a series repeats, as a device sends it: it starts on its expense's date. */
export const repeatBodySchema = z.object({
  frequency: z.enum(REPEAT_FREQUENCIES, {
    message: `Must be one of: ${REPEAT_FREQUENCIES.join(', ')}.`,
  }),
  /** The last day an occurrence may fall on; null or left out: no end date. */
  until: isoDateSchema.nullable().optional(),
  /** How many times at most, the first included; null or left out: no count. */
  count: z
    .number({ message: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be at least 1.')
    .max(MAX_REPEAT_COUNT, `Must be at most ${MAX_REPEAT_COUNT}.`)
    .nullable()
    .optional(),
});
export type RepeatBody = z.infer<typeof repeatBodySchema>;

/**
 * POST /api/event/{event_id}/recurrences: a recurring expense. `expense` is its first occurrence
 * (its id is that expense's, its date the series' start); every later one is a copy of it on its
 * own date, an ordinary expense that can be edited alone. Idempotent by `id`.
 */
export const recurrenceBodySchema = z
  .object({
    id: uuidSchema,
    expense: expenditureBodySchema.safeExtend({ id: uuidSchema }),
    repeat: repeatBodySchema,
  })
  .superRefine((body, ctx) => {
    const { until } = body.repeat;
    if (until && until < body.expense.date) {
      ctx.addIssue({
        code: 'custom',
        path: ['repeat', 'until'],
        message: 'The end date must not come before the first date.',
      });
    }
  });
export type RecurrenceBody = z.infer<typeof recurrenceBodySchema>;

/**
 * PUT /api/event/{event_id}/recurrences/{id}: pause (nothing is created until resumed), resume
 * (from the first date on or after today: what fell due while paused is skipped), stop (for
 * good), or `replace` from a date on: the series ends the day before the new one's first date,
 * and the new one (its own id) goes on from there. Occurrences already made stay as they are.
 */
export const recurrenceChangeSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('pause') }),
    z.object({ action: z.literal('resume') }),
    z.object({ action: z.literal('stop') }),
    z.object({ action: z.literal('replace'), replacement: recurrenceBodySchema }),
  ],
  { message: 'Must be one of: pause, resume, stop, replace.' },
);
export type RecurrenceChange = z.infer<typeof recurrenceChangeSchema>;

/** A recurring expense as the server keeps it. */
export const recurrenceSchema = z.object({
  id: uuidSchema,
  event_id: eventIdSchema,
  /** What each occurrence copies (its id and date aside). */
  expense: expenditureBodySchema.safeExtend({ id: uuidSchema }),
  repeat: repeatBodySchema.extend({ start: isoDateSchema }),
  /** The date of the next occurrence to be made; null once the series has ended. */
  next_date: isoDateSchema.nullable(),
  /** How many occurrences were made or skipped (a pause) so far. */
  next_index: z.number().int(),
  paused_at: timestampSchema.nullable(),
  stopped_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Recurrence = z.infer<typeof recurrenceSchema>;
