import { z } from 'zod';
import { errorBodySchema } from './errors';
import { timestampSchema, uuidSchema } from './primitives';

/**
 * Two devices editing one entry: every update may carry `base`, the entry's fields as the device
 * last had them from the server. The server merges field by field, three ways (base, the
 * device's change, what it now holds): a field only the device changed takes the device's
 * value, a field only someone else changed keeps theirs, a field both changed to the same value
 * is fine. A field both changed to different values refuses the whole change with a 409 that
 * names it (see `editConflictAnswerSchema`); nothing is written. Without `base` an update
 * replaces the entry as it did before (the last writer wins).
 *
 * The fields, as merged (and as named in a conflict):
 * - expense: title, desc, date, category, receipt_id, attachments (the list of ids), amount (`amount` with `currency_id`),
 *   payer (the payer lines), split (`split` with the participant lines);
 * - payment: date, title, payer_id, payee_id, amount (`amount` with `currency_id`), percentage,
 *   attachments;
 * - person: name;
 * - event: name, desc, image, currency_id, and each exchange rate on its own
 *   (`currency_rates.USD`).
 */
export const EXPENSE_MERGE_FIELDS = [
  'title',
  'desc',
  'date',
  'category',
  'receipt_id',
  'attachments',
  'amount',
  'payer',
  'split',
] as const;
export type ExpenseMergeField = (typeof EXPENSE_MERGE_FIELDS)[number];

export const PAYMENT_MERGE_FIELDS = [
  'date',
  'title',
  'payer_id',
  'payee_id',
  'amount',
  'percentage',
  'attachments',
] as const;
export type PaymentMergeField = (typeof PAYMENT_MERGE_FIELDS)[number];

/** Who made the change a conflict is with, from the event's history; null when unknown. */
export const conflictAuthorSchema = z.object({
  user_id: uuidSchema.nullable(),
  name: z.string().nullable(),
  at: timestampSchema.nullable(),
});
export type ConflictAuthor = z.infer<typeof conflictAuthorSchema>;

/**
 * One field changed on both sides. The values have the field's shape: a string or number for
 * a plain field; `{ amount, currency_id }` for an amount; the payer lines for `payer`;
 * `{ split, participant }` for `split`; a rate (or null: removed) for `currency_rates.XXX`.
 */
export const editConflictSchema = z.object({
  field: z.string(),
  base: z.unknown(),
  mine: z.unknown(),
  theirs: z.unknown(),
  by: conflictAuthorSchema,
});
export type EditConflict = z.infer<typeof editConflictSchema>;

/**
 * The 409 answer to an update whose `base` conflicts with what the server holds: the fields,
 * and the entry as it is now (`current`), so the device can offer "keep mine" (send again with
 * `base` = `current`), "keep theirs" (send again with the conflicting fields as theirs) or
 * "edit" — without another round trip.
 */
export const editConflictAnswerSchema = errorBodySchema.extend({
  code: z.literal('edit_conflict'),
  conflicts: z.array(editConflictSchema).min(1),
  current: z.unknown(),
});
export type EditConflictAnswer = z.infer<typeof editConflictAnswerSchema>;

/**
 * The 409 answer to an update of an expense or payment that another device deleted: when and by
 * whom, so the device can offer "restore and apply my edit" (restore it, then send the edit
 * again with the restored entry as its `base`).
 */
export const entryDeletedAnswerSchema = errorBodySchema.extend({
  code: z.literal('entry_deleted'),
  deleted_at: timestampSchema,
  by: conflictAuthorSchema,
});
export type EntryDeletedAnswer = z.infer<typeof entryDeletedAnswerSchema>;

/**
 * Beside the field errors of a 422 whose change names people who were removed from the event:
 * who they were, so that the device can say "Dan was removed from this event". Ids the event
 * never had are not listed (they tell nothing of other events).
 */
export const removedPeopleSchema = z.array(z.object({ user_id: uuidSchema, name: z.string() }));
export type RemovedPeople = z.infer<typeof removedPeopleSchema>;

/** The 422 answer to a change that names people who are not (or no longer) in the event. */
export const removedPeopleAnswerSchema = errorBodySchema.extend({
  removed_people: removedPeopleSchema,
});
export type RemovedPeopleAnswer = z.infer<typeof removedPeopleAnswerSchema>;
