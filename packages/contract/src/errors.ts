import { z } from 'zod';

/** Every 4xx/5xx answer. `errors` maps dot paths (`payer.0.amount`) to messages. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
