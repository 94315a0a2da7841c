import { z } from 'zod';
import { currencyRateSchema, currencySchema } from './currency';
import { expenditureSchema } from './expenditure';
import { LIMITS } from './limits';
import { paymentSchema } from './payment';
import {
  boundedText,
  currencyCodeSchema,
  eventIdSchema,
  optionalText,
  proposedEventIdSchema,
  requiredText,
  timestampSchema,
} from './primitives';
import { recurrenceSchema } from './recurrence';
import { newEventUserSchema, userSchema } from './user';

const currencyRatesSchema = z
  .array(
    z.object({
      currency_id: currencyCodeSchema,
      exchange_rate: z
        .number({ message: 'Must be a number.' })
        .positive('Must be more than zero.')
        .max(LIMITS.maxExchangeRate, `Must be at most ${LIMITS.maxExchangeRate}.`),
    }),
  )
  .max(LIMITS.maxCurrencyRates, `At most ${LIMITS.maxCurrencyRates} currencies.`)
  .superRefine((rates, ctx) => {
    const seen = new Set<string>();
    rates.forEach((rate, index) => {
      if (seen.has(rate.currency_id)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'currency_id'],
          message: 'This currency is listed twice.',
        });
      }
      seen.add(rate.currency_id);
    });
  });

const imageSchema = boundedText(LIMITS.imageUrl).nullable();

/**
 * The event's time zone, an IANA name ("Europe/Lisbon"): the day a recurring expense falls due
 * is counted in it. Apps send the creator's own.
 */
export const timeZoneSchema = z
  .string({ message: 'Must be a time zone such as Europe/Lisbon.' })
  .max(64, 'Must be a time zone such as Europe/Lisbon.')
  .refine(
    (name) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: name });
        return name.length > 0;
      } catch {
        return false;
      }
    },
    { message: 'Must be a time zone such as Europe/Lisbon.' },
  );

/** POST /api/events */
export const eventCreateSchema = z.object({
  id: proposedEventIdSchema.optional(),
  name: requiredText(LIMITS.eventName),
  desc: optionalText(LIMITS.description),
  image: imageSchema.optional(),
  currency_id: currencyCodeSchema,
  /** Left out: UTC. */
  time_zone: timeZoneSchema.optional(),
  users: z
    .array(newEventUserSchema)
    .max(LIMITS.maxPeople, `At most ${LIMITS.maxPeople} people.`)
    .default([]),
  currency_rates: currencyRatesSchema.default([]),
});
export type EventCreate = z.infer<typeof eventCreateSchema>;

/** PUT /api/events/{id}: only the fields given change; `currency_rates` replaces the list. */
export const eventUpdateSchema = z.object({
  name: requiredText(LIMITS.eventName).optional(),
  // No default here: a PUT without `desc` must keep the description.
  desc: boundedText(LIMITS.description).optional(),
  image: imageSchema.optional(),
  currency_id: currencyCodeSchema.optional(),
  currency_rates: currencyRatesSchema.optional(),
  time_zone: timeZoneSchema.optional(),
  /** The event as the device last had it from the server, for a merge (see `edit-merge.ts`). */
  base: z.lazy(() => eventBaseSchema).optional(),
});
export type EventUpdate = z.infer<typeof eventUpdateSchema>;

/** The event's own fields, without its people and entries (as the activity history records). */
export const eventSummarySchema = z.object({
  id: eventIdSchema,
  name: z.string(),
  desc: z.string(),
  image: z.string().nullable(),
  currency_id: currencyCodeSchema,
  currency_rates: z.array(currencyRateSchema),
  /** The server always sends it; optional so that copies made before it existed still parse. */
  time_zone: z.string().optional(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  deleted_at: timestampSchema.nullable(),
  /**
   * When it was closed (read-only until reopened), null while open. The server always sends it;
   * optional so that copies made before events could be closed still parse.
   */
  closed_at: timestampSchema.nullable().optional(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const eventSchema = eventSummarySchema.extend({
  /**
   * Counts the committed changes to the event: a device that holds version N asks for the
   * changes since N (GET /api/events/{id}/changes?since=N). The server always sends it;
   * optional so that copies made before it existed still parse.
   */
  version: z.number().int().optional(),
  currency: currencySchema.nullable(),
  users: z.array(userSchema),
  expenditures: z.array(expenditureSchema),
  payments: z.array(paymentSchema),
  /** Its recurring expenses, ended ones included; optional for copies made before they existed. */
  recurrences: z.array(recurrenceSchema).optional(),
});
export type Event = z.infer<typeof eventSchema>;

/** An event's own fields, as an update's `base` carries them (see `edit-merge.ts`). */
export const eventBaseSchema = eventSummarySchema.pick({
  name: true,
  desc: true,
  image: true,
  currency_id: true,
  currency_rates: true,
});
export type EventBase = z.infer<typeof eventBaseSchema>;
