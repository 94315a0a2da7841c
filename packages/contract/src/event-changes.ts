import { z } from 'zod';
import { ACTIVITY_ACTIONS, ACTIVITY_ENTITIES } from './activity';
import { timestampSchema } from './primitives';

/**
 * One committed change to one thing of an event, as a live message and the catch-up carry it:
 * the thing as the API shows it after the change (before it, for a delete), the event's version
 * once the change committed and how many such rows that version holds (`parts`: a change may
 * touch several things), and when it committed (the event's `updated_at` from then on).
 */
export const eventChangeSchema = z.object({
  version: z.number().int(),
  parts: z.number().int().min(1),
  at: timestampSchema,
  entity: z.enum(ACTIVITY_ENTITIES),
  entity_id: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  data: z.unknown().nullable(),
});
export type EventChange = z.infer<typeof eventChangeSchema>;

/** GET /api/events/{id}/changes?since=N: a version, a whole number (as the event read gives). */
export const changesQuerySchema = z.object({
  since: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,15})$/, 'Must be a version.')
    .transform(Number)
    .pipe(z.number().max(Number.MAX_SAFE_INTEGER, 'Must be a version.')),
});

/**
 * The changes since a version, oldest first, up to `version` (empty when nothing changed), or
 * `changes: null` when the device is too far behind (or its version is unknown here): it reads
 * the whole event instead.
 */
export const eventChangesSchema = z.object({
  version: z.number().int(),
  changes: z.array(eventChangeSchema).nullable(),
});
export type EventChanges = z.infer<typeof eventChangesSchema>;

/** Most history rows a catch-up answers; a device further behind reads the whole event. */
export const MAX_CHANGES_PER_CATCH_UP = 200;
