import { z } from 'zod';
import { currencyRateSchema } from './currency';
import { expenditureSchema } from './expenditure';
import { paymentSchema } from './payment';
import { storedPaymentDetailsSchema } from './payment-details';
import { presenceSchema } from './presence';
import { currencyCodeSchema, timestampSchema, uuidSchema } from './primitives';
import { recurrenceSchema } from './recurrence';
import { defaultWeightSchema } from './user';

/** What `format` and `version` say in a Quits export, so an import knows what it reads. */
export const EXPORT_FORMAT = 'quits-event';
export const EXPORT_VERSION = 1;

export const EXPORT_FILE_FORMATS = ['json', 'csv'] as const;

/** GET /api/events/{id}/export?format=json|csv */
export const exportQuerySchema = z.object({
  format: z
    .enum(EXPORT_FILE_FORMATS, { message: `Must be one of: ${EXPORT_FILE_FORMATS.join(', ')}.` })
    .default('json'),
  /** Whether people's payment details go in the file (JSON only): they are personal, so never by default. */
  payment_details: z.stringbool({ message: 'Must be true or false.' }).default(false),
});

/** A person of the exported event; expenses and payments refer to them by this id. */
export const exportedPersonSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  /** Only when the person exporting asked for them (`payment_details=true`). */
  payment_details: storedPaymentDetailsSchema.optional(),
  presence: presenceSchema.optional(),
  default_weight: defaultWeightSchema.optional(),
});

/** An expense as exported: everything that rebuilds it (amounts in its currency's minor units). */
export const exportedExpenditureSchema = expenditureSchema.pick({
  id: true,
  user_id: true,
  kind: true,
  recurrence_id: true,
  occurrence_date: true,
  title: true,
  desc: true,
  date: true,
  amount: true,
  currency_id: true,
  category: true,
  split: true,
  payer: true,
  participant: true,
  rate: true,
  ties: true,
  created_at: true,
});

/** A recurring expense as exported: what it copies, how it repeats, how far it has got. */
export const exportedRecurrenceSchema = recurrenceSchema.pick({
  id: true,
  expense: true,
  repeat: true,
  next_index: true,
  paused_at: true,
  stopped_at: true,
});

export const exportedPaymentSchema = paymentSchema.pick({
  id: true,
  date: true,
  title: true,
  payer_id: true,
  payee_id: true,
  amount: true,
  currency_id: true,
  percentage: true,
  created_at: true,
});

/**
 * The whole live event as one JSON document (GET …/export?format=json), complete enough to
 * rebuild it with POST /api/events/import. Every person id it mentions is one of `people`.
 * Deleted entries, the history and receipt photos are not part of it.
 */
export const eventExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exported_at: timestampSchema,
  event: z.object({
    name: z.string(),
    desc: z.string(),
    image: z.string().nullable(),
    currency_id: currencyCodeSchema,
    currency_rates: z.array(currencyRateSchema),
    time_zone: z.string().optional(),
  }),
  people: z.array(exportedPersonSchema),
  expenditures: z.array(exportedExpenditureSchema),
  payments: z.array(exportedPaymentSchema),
  recurrences: z.array(exportedRecurrenceSchema).optional(),
});
export type EventExport = z.infer<typeof eventExportSchema>;
