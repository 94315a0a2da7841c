import { z } from 'zod';
import { attachmentListBodySchema, attachmentSchema } from './attachment';
import { categorySchema } from './categories';
import { LIMITS } from './limits';
import { datePeriodSchema } from './presence';
import {
  amountSchema,
  currencyCodeSchema,
  eventIdSchema,
  isoDateSchema,
  optionalText,
  requiredText,
  shareAmountSchema,
  timestampSchema,
  uuidSchema,
} from './primitives';

export const shareLineSchema = z.object({ user_id: uuidSchema, amount: shareAmountSchema });
export type ShareLineBody = z.infer<typeof shareLineSchema>;

export const SPLIT_MODES = ['evenly', 'shares', 'percent', 'exact', 'days'] as const;

/**
 * How the expense was split, kept so an edit reopens in that mode. Informational: the server
 * checks the amounts, never recomputes them from the weights.
 */
export const splitSchema = z
  .object({
    mode: z.enum(SPLIT_MODES, { message: `Must be one of: ${SPLIT_MODES.join(', ')}.` }),
    // Keyed by people of the event (the server checks whom), so never more than it holds.
    weights: z
      .record(uuidSchema, z.number().min(0, 'Must not be negative.').max(LIMITS.maxAmount))
      .refine((weights) => Object.keys(weights).length <= LIMITS.maxPeople, {
        message: `At most ${LIMITS.maxPeople} people.`,
        params: { code: 'split_weights_too_many', params: { max: LIMITS.maxPeople } },
      })
      .optional(),
    /** For `days` (by days present): the stretch the expense covers, both ends counted. */
    period: datePeriodSchema.optional(),
  })
  .refine((split) => split.mode !== 'days' || split.period !== undefined, {
    message: 'A split by days present needs the period it covers.',
    path: ['period'],
  });
export type Split = z.infer<typeof splitSchema>;

/**
 * `expense`: money the group spent — the payers paid it, the participants owe their shares.
 * `income`: money the group received (a refund, a deposit returned, winnings) — the same lines
 * with the sign turned: the "payers" received it and owe it to the group, the participants are
 * owed their shares. Amounts stay positive either way.
 */
export const EXPENSE_KINDS = ['expense', 'income'] as const;
export const expenseKindSchema = z.enum(EXPENSE_KINDS, {
  message: `Must be one of: ${EXPENSE_KINDS.join(', ')}.`,
});
export type ExpenseKind = z.infer<typeof expenseKindSchema>;

export const RATE_SOURCES = ['ecb', 'event', 'manual', 'charged'] as const;

const rateValueSchema = z.number().positive('Must be above zero.').max(1e9);

/**
 * The rate an expense is converted into the event currency at, which the server keeps with it:
 * `ecb` the ECB's reference rate of the expense's date (`date` is the day it was published),
 * `event` the event's own rate for the currency (it stays live), `manual` typed by a person,
 * `charged` derived from the amount really charged in the event currency (`charged_amount`,
 * minor units of `currency_id`), which balances use exactly.
 */
export const expenseRateSchema = z.object({
  // As kept, not as typed: a rate derived from an event's own (a tiny one makes a huge inverse)
  // may pass what a person may type, and the answer must still carry it.
  value: z.number().positive(),
  currency_id: currencyCodeSchema,
  date: isoDateSchema.nullable(),
  source: z.enum(RATE_SOURCES),
  charged_amount: amountSchema.nullable().optional(),
});
export type ExpenseRate = z.infer<typeof expenseRateSchema>;

/**
 * The rate as a device sends it. `manual` needs `value`, `charged` needs `charged_amount`; for
 * `ecb` and `event` the server decides the value from the expense's date (an imported `ecb` rate is
 * kept when the server has none for that day). Left out, an edit keeps a typed or charged rate.
 */
export const expenseRateBodySchema = z
  .object({
    source: z.enum(RATE_SOURCES),
    value: rateValueSchema.optional(),
    currency_id: currencyCodeSchema.optional(),
    date: isoDateSchema.nullable().optional(),
    charged_amount: amountSchema.nullable().optional(),
  })
  .superRefine((rate, ctx) => {
    if (rate.source === 'manual' && rate.value === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Type the rate.' });
    }
    if (rate.source === 'charged' && (rate.charged_amount ?? 0) === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['charged_amount'],
        message: 'Type the amount charged.',
      });
    }
  });
export type ExpenseRateBody = z.infer<typeof expenseRateBodySchema>;

const shareLinesSchema = z
  .array(shareLineSchema)
  .min(1, 'Choose at least one person.')
  .max(LIMITS.maxPeople, `At most ${LIMITS.maxPeople} people.`);

/**
 * By person id, the text that decides who gets an odd minor unit when the expense is converted
 * into the event currency (a hash of it orders people who tie). Absent, it is
 * `{expense id}:{person id}`; an imported expense keeps its original's, so that a copy of an
 * event splits every amount as the original does.
 */
export const tieTextsSchema = z
  .record(uuidSchema, z.string().min(1).max(200))
  .refine((ties) => Object.keys(ties).length <= LIMITS.maxPeople, {
    message: `At most ${LIMITS.maxPeople} people.`,
    params: { code: 'list_too_long', params: { max: LIMITS.maxPeople } },
  });

/** POST /api/event/{event_id}/expenditure: creates, or updates when `id` exists. */
export const expenditureBodySchema = z
  .object({
    id: uuidSchema.optional(),
    /** Spent or received; a new one left without it is spent, an edit without it keeps it. */
    kind: expenseKindSchema.optional(),
    title: requiredText(LIMITS.title),
    desc: optionalText(LIMITS.description),
    date: isoDateSchema,
    amount: amountSchema,
    currency_id: currencyCodeSchema,
    user_id: uuidSchema.nullable().optional(),
    category: categorySchema.nullable().optional(),
    payer: shareLinesSchema,
    participant: shareLinesSchema,
    split: splitSchema.nullable().optional(),
    /**
     * The photo of its receipt, from the receipt analysis of the same event. Null removes it;
     * leaving it out keeps the one the expense has (so an older client's edit does not drop it).
     */
    receipt_id: uuidSchema.nullable().optional(),
    /** Its photos and PDF invoices, uploaded to the event first; left out, an edit keeps them. */
    attachments: attachmentListBodySchema.optional(),
    /** How to convert it into the event currency; null lets the server decide from the date. */
    rate: expenseRateBodySchema.nullable().optional(),
    /** The expense as the device last had it from the server, for a field-by-field merge. */
    base: z.lazy(() => expenditureBaseSchema).optional(),
  })
  .superRefine((body, ctx) => {
    for (const side of ['payer', 'participant'] as const) {
      const lines = body[side];
      const seen = new Set<string>();
      lines.forEach((line, index) => {
        if (seen.has(line.user_id)) {
          ctx.addIssue({
            code: 'custom',
            path: [side, index, 'user_id'],
            message: 'This person is listed twice.',
          });
        }
        seen.add(line.user_id);
      });
      const sum = lines.reduce((total, line) => total + line.amount, 0);
      if (sum !== body.amount) {
        const who = side === 'payer' ? "The payers' amounts" : "The participants' amounts";
        ctx.addIssue({
          code: 'custom',
          path: [side],
          message: `${who} must add up to the amount (${body.amount}); they add up to ${sum}.`,
          // Said again by code (server-messages.ts), for the app to word.
          params: {
            code: side === 'payer' ? 'payers_sum' : 'participants_sum',
            params: { amount: body.amount, sum },
          },
        });
      }
    }
  });
export type ExpenditureBody = z.infer<typeof expenditureBodySchema>;

export const expenditureSchema = z.object({
  id: uuidSchema,
  event_id: eventIdSchema,
  user_id: uuidSchema.nullable(),
  /** The server always sends it; optional so that copies made before income existed still parse. */
  kind: expenseKindSchema.optional(),
  title: z.string(),
  desc: z.string(),
  date: isoDateSchema,
  amount: z.number().int(),
  currency_id: currencyCodeSchema,
  category: categorySchema.nullable(),
  split: splitSchema.nullable(),
  payer: z.array(shareLineSchema),
  participant: z.array(shareLineSchema),
  /**
   * Its receipt photo (GET /api/event/{id}/receipts/{receipt_id}), null when it has none. The
   * server always sends it; optional so that copies made before receipts existed still parse.
   */
  receipt_id: uuidSchema.nullable().optional(),
  /** Its photos and PDF invoices, in order; optional so that older copies still parse. */
  attachments: z.array(attachmentSchema).optional(),
  /**
   * The rate it is converted into the event currency at; null when it is in the event currency
   * or no rate was known. Optional so that copies made before rates were kept still parse.
   */
  rate: expenseRateSchema.nullable().optional(),
  /** The recurring expense it is an occurrence of, null when it was entered alone. */
  recurrence_id: uuidSchema.nullable().optional(),
  /** Which occurrence of it this is (its date as made; the expense's own date may change). */
  occurrence_date: isoDateSchema.nullable().optional(),
  /** See `tieTextsSchema`; sent only when the expense has its own (an imported one). */
  ties: tieTextsSchema.nullable().optional(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  deleted_at: timestampSchema.nullable(),
});
export type Expenditure = z.infer<typeof expenditureSchema>;

/** An expense's own fields, as an update's `base` carries them (see `edit-merge.ts`). */
export const expenditureBaseSchema = expenditureSchema.pick({
  kind: true,
  title: true,
  desc: true,
  date: true,
  amount: true,
  currency_id: true,
  category: true,
  split: true,
  payer: true,
  participant: true,
  receipt_id: true,
  attachments: true,
});
export type ExpenditureBase = z.infer<typeof expenditureBaseSchema>;
