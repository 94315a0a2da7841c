import { z } from 'zod';

/** GET /api/health: the server answers and its database does (503 with a message when not). */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
});
export type Health = z.infer<typeof healthSchema>;
