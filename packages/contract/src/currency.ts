import { z } from 'zod';
import { currencyCodeSchema, isoDateSchema } from './primitives';

/** One entry of the global currency list. `rate` is the value of one unit in EUR; null = unknown. */
export const currencySchema = z.object({
  id: currencyCodeSchema,
  unit: z.string(),
  name: z.string(),
  decimals: z.number().int().min(0).max(4),
  rate: z.number().positive().nullable(),
});
export type Currency = z.infer<typeof currencySchema>;

/** GET /api/currencies answers `{ data: { data: [...] } }`, as the spec shows. */
export const currencyListSchema = z.object({
  data: z.array(currencySchema),
  rates_date: isoDateSchema.nullable(),
  rates_source: z.string().nullable(),
});
export type CurrencyList = z.infer<typeof currencyListSchema>;

/** An event's own rate: the value of one unit of `currency_id` in the event's currency. */
export const currencyRateSchema = z.object({
  currency_id: currencyCodeSchema,
  exchange_rate: z.number().positive(),
});
export type CurrencyRate = z.infer<typeof currencyRateSchema>;

/**
 * GET /api/currencies/rates/{date}: the ECB's reference rates of the last published day on or
 * before `date` (`per_euro[X]` units of X buy one euro), or null before 1999-01-04.
 */
export const datedRatesSchema = z.object({
  date: isoDateSchema.nullable(),
  per_euro: z.record(currencyCodeSchema, z.number().positive()),
});
export type DatedRates = z.infer<typeof datedRatesSchema>;
