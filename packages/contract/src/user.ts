import { z } from 'zod';
import { storedPaymentDetailsSchema } from './payment-details';
import { presenceSchema } from './presence';
import { eventIdSchema, personNameSchema, uuidSchema } from './primitives';

/**
 * A person's weight in the event's default split: every new expense is split by these shares
 * unless changed (a couple counts 2). 1 for everyone is an even split.
 */
export const defaultWeightSchema = z
  .number({ message: 'Must be a number.' })
  .positive('Must be above zero.')
  .max(100, 'Must be at most 100.')
  .refine((weight) => Math.round(weight * 100) === weight * 100, {
    message: 'Must have at most two decimals.',
  });

export const userSchema = z.object({
  id: uuidSchema,
  event_id: eventIdSchema,
  name: z.string(),
  /** How the person can be paid; absent when they gave nothing (see `payment-details.ts`). */
  payment_details: storedPaymentDetailsSchema.optional(),
  /**
   * When the person was part of the event (none = always). The server always sends it;
   * optional so that copies kept before presence existed still parse.
   */
  presence: presenceSchema.optional(),
  /** The person's share in the event's default split; 1 when absent (copies kept before it). */
  default_weight: z.number().optional(),
});
export type User = z.infer<typeof userSchema>;

/** A person named when the event is created. */
export const newEventUserSchema = z.object({
  id: uuidSchema.optional(),
  name: personNameSchema,
  presence: presenceSchema.optional(),
});

/** POST /api/users */
export const userCreateSchema = newEventUserSchema.extend({ event_id: eventIdSchema });
export type UserCreate = z.infer<typeof userCreateSchema>;

/** PUT /api/event/{event_id}/users/{id} */
export const userUpdateSchema = z.object({
  name: personNameSchema,
  /** The name as the device last had it from the server, for a merge (see `edit-merge.ts`). */
  base: z.object({ name: z.string() }).optional(),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** PUT /api/event/{event_id}/users/{id}/presence: the person's periods, all of them. */
export const userPresenceSchema = z.object({ presence: presenceSchema });
export type UserPresence = z.infer<typeof userPresenceSchema>;

/** PUT /api/event/{event_id}/users/{id}/default-weight: the person's share in the default split. */
export const userDefaultWeightSchema = z.object({ default_weight: defaultWeightSchema });
export type UserDefaultWeight = z.infer<typeof userDefaultWeightSchema>;
