import { z } from 'zod';
import { timestampSchema } from './primitives';

export const ACTIVITY_ENTITIES = ['event', 'user', 'expenditure', 'payment', 'recurrence'] as const;
export const ACTIVITY_ACTIONS = ['created', 'updated', 'deleted', 'restored'] as const;

/**
 * One change to an event: who (device and "who am I"), what, when, before and after. The
 * device is its pseudonym in this event (a keyed hash of its `Device-ID`, never the id itself).
 */
export const activitySchema = z.object({
  id: z.number().int(),
  entity: z.enum(ACTIVITY_ENTITIES),
  entity_id: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  device_id: z.string().nullable(),
  user_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: timestampSchema,
});
export type Activity = z.infer<typeof activitySchema>;

/** A page of the history, with the calling device's own pseudonym in the event (null if unsent). */
export const activityPageSchema = z.object({
  data: z.array(activitySchema),
  device_id: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const activityQuerySchema = z.object({
  // Decimal digits only: a number coerced from text would read `0x10` as 16 and `1e3` as 1000.
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'Must be an activity id.')
    .transform(Number)
    .pipe(z.number().max(Number.MAX_SAFE_INTEGER, 'Must be an activity id.'))
    .optional(),
});
