import { z } from 'zod';
import { currencyRateSchema } from './currency';
import { codedMessageSchema } from './errors';
import { eventCreateSchema } from './event';
import { EXPORT_FORMAT, EXPORT_VERSION } from './event-export';
import { expenditureBodySchema, tieTextsSchema } from './expenditure';
import { LIMITS } from './limits';
import { paymentBodySchema } from './payment';
import { paymentDetailsSchema } from './payment-details';
import { presenceSchema } from './presence';
import {
  currencyCodeSchema,
  isoDateSchema,
  personNameSchema,
  requiredText,
  timestampSchema,
  uuidSchema,
} from './primitives';
import { repeatBodySchema } from './recurrence';
import { defaultWeightSchema } from './user';

/**
 * The largest file an import takes (the request body, in bytes): an export of an event at the
 * size limit, 50,000 entries of a few hundred bytes each, fits.
 */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;

export const SPLITWISE_FORMAT = 'splitwise-csv';

/** A Quits export (GET …/export?format=json) as sent back: every entry checked as a new one. */
export const quitsImportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION, {
    message: `This export has a version this server cannot read (it reads version ${EXPORT_VERSION}).`,
  }),
  exported_at: z.string().optional(),
  event: eventCreateSchema.pick({
    name: true,
    desc: true,
    image: true,
    currency_id: true,
    currency_rates: true,
    time_zone: true,
  }),
  people: z
    .array(
      z.object({
        id: uuidSchema,
        name: personNameSchema,
        presence: presenceSchema.optional(),
        default_weight: defaultWeightSchema.optional(),
        payment_details: paymentDetailsSchema.optional(),
      }),
    )
    .max(LIMITS.maxPeople, `At most ${LIMITS.maxPeople} people.`),
  // The bodies of POST …/expenditure and …/payments, with the time each was entered: the
  // import keeps it, so that lists keep their order.
  expenditures: z
    .array(
      expenditureBodySchema.safeExtend({
        created_at: timestampSchema.optional(),
        // An occurrence of one of the file's recurring expenses, and which one.
        recurrence_id: uuidSchema.nullable().optional(),
        occurrence_date: isoDateSchema.nullable().optional(),
        // What orders its people in a tie, by the file's person ids (absent: the file's ids).
        ties: tieTextsSchema.nullable().optional(),
      }),
    )
    .max(LIMITS.maxItems, `At most ${LIMITS.maxItems} expenses.`)
    .default([]),
  payments: z
    .array(paymentBodySchema.safeExtend({ created_at: timestampSchema.optional() }))
    .max(LIMITS.maxItems, `At most ${LIMITS.maxItems} payments.`)
    .default([]),
  recurrences: z
    .array(
      z.object({
        id: uuidSchema,
        expense: expenditureBodySchema.safeExtend({ id: uuidSchema }),
        repeat: repeatBodySchema.extend({ start: isoDateSchema }),
        next_index: z.number().int().min(0).max(1_000_000).default(0),
        paused_at: timestampSchema.nullable().optional(),
        stopped_at: timestampSchema.nullable().optional(),
      }),
    )
    .max(
      LIMITS.maxImportedRecurrences,
      `At most ${LIMITS.maxImportedRecurrences} recurring expenses.`,
    )
    .default([]),
});
export type QuitsImport = z.infer<typeof quitsImportSchema>;

/**
 * A Splitwise group export (its "Export as spreadsheet" CSV) as text: `Date, Description,
 * Category, Cost, Currency`, then one column per person with that person's net for the row.
 */
export const splitwiseImportSchema = z.object({
  format: z.literal(SPLITWISE_FORMAT),
  /** The new event's name (Splitwise's file does not carry the group's). */
  name: requiredText(LIMITS.eventName),
  /** The new event's currency; by default the one most rows use. */
  currency_id: currencyCodeSchema.optional(),
  csv: z.string({ message: 'Must be the text of the CSV file.' }).min(1, 'The file is empty.'),
});
export type SplitwiseImport = z.infer<typeof splitwiseImportSchema>;

/** POST /api/events/import: our JSON export, or a Splitwise CSV wrapped as above. */
export const importBodySchema = z.discriminatedUnion(
  'format',
  [quitsImportSchema, splitwiseImportSchema],
  {
    message: `Send a Quits export (format "${EXPORT_FORMAT}") or a Splitwise CSV (format "${SPLITWISE_FORMAT}").`,
  },
);
export type ImportBody = z.infer<typeof importBodySchema>;

export const importQuerySchema = z.object({
  /** true: check the file and answer what would be created, writing nothing. */
  dry_run: z.stringbool({ message: 'Must be true or false.' }).default(false),
});

/** Something the import left out or changed, and the line of the file it is about. */
/** Something an import leaves out, in English (`message`) and for the app to word (`code`). */
export const importWarningSchema = codedMessageSchema.extend({
  line: z.number().int().nullable(),
  message: z.string(),
});

/**
 * The files an import reads, each told apart by its content (never by its name): Quits' own
 * export and the exports of the apps people come from.
 */
export const IMPORT_FILE_FORMATS = [
  'quits-json',
  'splitwise-csv',
  'spliit-json',
  'spliit-csv',
  'ihatemoney-json',
  'ihatemoney-csv',
  'cospend-csv',
  'moneybuster-csv',
  'settle-up-csv',
  'abrechnung-json',
] as const;
export type ImportFileFormat = (typeof IMPORT_FILE_FORMATS)[number];
export const importFileFormatSchema = z.enum(IMPORT_FILE_FORMATS);

/** The app a file comes from: what the preview names. */
export const IMPORT_SOURCES = [
  'quits',
  'splitwise',
  'spliit',
  'ihatemoney',
  'cospend',
  'moneybuster',
  'settle-up',
  'abrechnung',
] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/**
 * The fields of a multipart import besides its `file`: the format when detection should be
 * skipped, the new event's name (when the file has none) and its currency.
 */
export const importUploadFieldsSchema = z.object({
  format: importFileFormatSchema.optional(),
  name: requiredText(LIMITS.eventName).optional(),
  currency_id: currencyCodeSchema.optional(),
});
export type ImportUploadFields = z.infer<typeof importUploadFieldsSchema>;

/** The multipart field that carries the file of an import. */
export const IMPORT_FILE_FIELD = 'file';

/**
 * A balance the file states itself (Splitwise's "Total balance" rows), beside the one the
 * import computes from the file's entries, in minor units of `currency_id`, for one person.
 */
export const importStatedBalanceSchema = z.object({
  name: z.string(),
  currency_id: currencyCodeSchema,
  stated: z.number().int(),
  computed: z.number().int(),
});

/** What an import would create (the answer of a dry run); amounts in the event currency. */
export const importPreviewSchema = z.object({
  source: z.enum(IMPORT_SOURCES),
  /** The file's format, as detected (or as the request named it). */
  format: importFileFormatSchema.optional(),
  name: z.string(),
  currency_id: currencyCodeSchema,
  currency_rates: z.array(currencyRateSchema),
  people: z.array(
    z.object({
      name: z.string(),
      /** What they paid for expenses, their share of them, and where they stand after all. */
      paid: z.number().int(),
      share: z.number().int(),
      balance: z.number().int(),
    }),
  ),
  expenditure_count: z.number().int(),
  payment_count: z.number().int(),
  /** Every expense added up, in minor units of the event currency. */
  total: z.number().int(),
  /** Currencies counted without an exchange rate (their amounts kept as they are). */
  missing_rates: z.array(currencyCodeSchema),
  warnings: z.array(importWarningSchema),
  /**
   * The balances the file states, per person and currency, beside those its entries give: equal
   * to the minor unit, or the difference shows. Empty when the file states none.
   */
  stated_balances: z.array(importStatedBalanceSchema).default([]),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
