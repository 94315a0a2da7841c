import { z } from 'zod';
import { attachmentListBodySchema, attachmentSchema } from './attachment';
import { LIMITS } from './limits';
import {
  amountSchema,
  currencyCodeSchema,
  eventIdSchema,
  isoDateSchema,
  optionalLine,
  timestampSchema,
  uuidSchema,
} from './primitives';

/** POST /api/event/{event_id}/payments: creates, or updates when `id` exists. */
export const paymentBodySchema = z
  .object({
    id: uuidSchema.optional(),
    date: isoDateSchema.optional(),
    title: optionalLine(LIMITS.title),
    payer_id: uuidSchema,
    payee_id: uuidSchema,
    amount: amountSchema,
    currency_id: currencyCodeSchema.optional(),
    percentage: z
      .number({ message: 'Must be a number.' })
      .min(0, 'Must be from 0 to 100.')
      .max(100, 'Must be from 0 to 100.')
      .nullable()
      .optional(),
    /** Its photos and PDF receipts, uploaded to the event first; left out, an edit keeps them. */
    attachments: attachmentListBodySchema.optional(),
    /** The payment as the device last had it from the server, for a field-by-field merge. */
    base: z.lazy(() => paymentBaseSchema).optional(),
  })
  .refine((body) => body.payer_id !== body.payee_id, {
    path: ['payee_id'],
    message: 'The person who pays and the person who receives must be different.',
  });
export type PaymentBody = z.infer<typeof paymentBodySchema>;

export const paymentSchema = z.object({
  id: uuidSchema,
  event_id: eventIdSchema,
  date: isoDateSchema,
  title: z.string(),
  payer_id: uuidSchema,
  payer_name: z.string().nullable(),
  payee_id: uuidSchema,
  payee_name: z.string().nullable(),
  amount: z.number().int(),
  currency_id: currencyCodeSchema,
  percentage: z.number().nullable(),
  /** Its photos and PDF receipts, in order; optional so that older copies still parse. */
  attachments: z.array(attachmentSchema).optional(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  deleted_at: timestampSchema.nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A payment's own fields, as an update's `base` carries them (see `edit-merge.ts`). */
export const paymentBaseSchema = paymentSchema.pick({
  date: true,
  title: true,
  payer_id: true,
  payee_id: true,
  amount: true,
  currency_id: true,
  percentage: true,
  attachments: true,
});
export type PaymentBase = z.infer<typeof paymentBaseSchema>;
