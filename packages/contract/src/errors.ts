import { z } from 'zod';

/** A message by its code (server-messages.ts) and what fills it, for the app to word. */
export const codedMessageSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * Every 4xx/5xx answer. `message` and `errors` are English: `errors` maps dot paths
 * (`payer.0.amount`) to messages. `code` and `params` say the message again for the app to word
 * in the person's language, and `error_codes` each field's messages, in the same order.
 */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  code: z.string().optional(),
  params: codedMessageSchema.shape.params,
  error_codes: z.record(z.string(), z.array(codedMessageSchema)).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The answer (410) to any call about a deleted event, except its restore: what a device shows
 * instead of the event. Times are ISO 8601; after `restorable_until` the event is purged.
 */
export const eventGoneSchema = errorBodySchema.extend({
  deleted_event: z.object({
    name: z.string(),
    deleted_at: z.string(),
    restorable_until: z.string(),
  }),
});
export type EventGone = z.infer<typeof eventGoneSchema>;

/**
 * The answer (409) to a change of a closed event: read-only since `closed_at` until someone
 * reopens it (POST /api/events/{id}/reopen).
 */
export const eventClosedAnswerSchema = errorBodySchema.extend({
  code: z.literal('event_closed'),
  closed_at: z.string(),
});
export type EventClosedAnswer = z.infer<typeof eventClosedAnswerSchema>;

/** The answer (409) to closing an event whose people are not all settled. */
export const eventNotSettledAnswerSchema = errorBodySchema.extend({
  code: z.literal('event_not_settled'),
});
