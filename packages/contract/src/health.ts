import { z } from 'zod';

/** GET /api/health: the server answers and its database does (503 with a message when not). */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  /**
   * Receipt photos kept for every event together (counted at most every 30 s); absent while
   * they cannot be counted.
   */
  receipts: z
    .object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() })
    .optional(),
});
export type Health = z.infer<typeof healthSchema>;
