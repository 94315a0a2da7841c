import { z } from 'zod';
import { currencyCodeSchema, uuidSchema } from './primitives';

/** GET /api/events/{id}/balances. Every amount is in minor units of `currency_id`. */
export const balancesSchema = z.object({
  currency_id: currencyCodeSchema,
  balances: z.array(
    z.object({
      user_id: uuidSchema,
      paid: z.number().int(),
      share: z.number().int(),
      payments_made: z.number().int(),
      payments_received: z.number().int(),
      balance: z.number().int(),
    }),
  ),
  settlements: z.array(
    z.object({
      from_user_id: uuidSchema,
      to_user_id: uuidSchema,
      amount: z.number().int(),
    }),
  ),
  missing_rates: z.array(currencyCodeSchema),
});
export type Balances = z.infer<typeof balancesSchema>;
