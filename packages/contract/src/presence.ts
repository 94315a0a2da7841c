import { z } from 'zod';
import { isoDateSchema } from './primitives';

/** The most presence periods one person can have: plenty for flatmates coming and going. */
export const MAX_PRESENCE_PERIODS = 20;

/** From–to, both days counted (`YYYY-MM-DD`). */
export const datePeriodSchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine((period) => period.from <= period.to, {
    message: 'The end must not be before the start.',
    path: ['to'],
  });
export type DatePeriod = z.infer<typeof datePeriodSchema>;

/** When a person was part of the event; empty means always. */
export const presenceSchema = z
  .array(datePeriodSchema)
  .max(MAX_PRESENCE_PERIODS, `At most ${MAX_PRESENCE_PERIODS} periods.`);
export type Presence = z.infer<typeof presenceSchema>;
