import { z } from 'zod';
import { LANGUAGE_CODES, type Language } from './languages';
import { LIMITS } from './limits';
import { eventIdSchema, timestampSchema } from './primitives';
import { parsePushEndpoint } from './push-endpoint';

/** The languages a notification can be written in: the web app's languages. */
export const PUSH_LOCALES = LANGUAGE_CODES;
export type PushLocale = Language;

export const pushLocaleSchema = z.enum(PUSH_LOCALES, {
  message: `Must be one of ${PUSH_LOCALES.join(', ')}.`,
});

/**
 * A push service's URL for one browser (PushSubscription.endpoint): https on port 443 at a DNS
 * name (see `parsePushEndpoint`). The server also refuses a name that leads to a private address.
 */
export const pushEndpointSchema = z
  .string({ message: 'Must be text.' })
  .max(LIMITS.pushEndpoint, `Must be at most ${LIMITS.pushEndpoint} characters.`)
  .refine((value) => parsePushEndpoint(value) !== null, {
    message:
      'Must be an https:// URL of a push service: a host name (not an IP address), no user name or password, no port but 443.',
  });

/**
 * POST /api/push/{event_id}: the browser's `PushSubscription.toJSON()` plus the language its
 * notifications are written in. Keys are base64url as browsers give them (padding allowed):
 * `p256dh` an uncompressed P-256 point (65 bytes, so it starts with "B"), `auth` 16 bytes.
 */
export const pushSubscribeBodySchema = z.object({
  endpoint: pushEndpointSchema,
  /** When the browser says the subscription ends: milliseconds since 1970, or null. */
  expirationTime: z
    .number({ message: 'Must be a number of milliseconds, or null.' })
    .min(0, 'Must not be negative.')
    // The last millisecond of 9999: later dates are written with a six-digit year (+275760-…),
    // which PostgreSQL cannot read back from text.
    .max(253_402_300_799_999, 'Must be a date before the year 10000.')
    .nullable()
    .optional(),
  keys: z.object({
    p256dh: z
      .string({ message: 'Must be text.' })
      .regex(/^B[A-Za-z0-9_-]{86}=?$/, 'Must be a P-256 public key in base64url (65 bytes).'),
    auth: z
      .string({ message: 'Must be text.' })
      .regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'Must be 16 bytes in base64url.'),
  }),
  locale: pushLocaleSchema.default('en'),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBodySchema>;

/** DELETE /api/push/{event_id}: the endpoint to stop sending to. */
export const pushUnsubscribeBodySchema = z.object({ endpoint: pushEndpointSchema });
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>;

/** GET /api/push/key: the server's VAPID public key, for `applicationServerKey`. */
export const pushKeySchema = z.object({
  /** base64url of the uncompressed P-256 point (65 bytes). */
  public_key: z.string(),
});
export type PushKey = z.infer<typeof pushKeySchema>;

/** A stored subscription as the API answers it (the keys are not echoed). */
export const pushSubscriptionRecordSchema = z.object({
  event_id: eventIdSchema,
  endpoint: z.string(),
  locale: pushLocaleSchema,
  expiration_time: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type PushSubscriptionRecord = z.infer<typeof pushSubscriptionRecordSchema>;

/** DELETE's answer: whether there was a subscription to remove (false for a replay). */
export const pushUnsubscribeResultSchema = z.object({ deleted: z.boolean() });

/**
 * What the service worker receives in a push message (JSON, encrypted per RFC 8291): a
 * notification already written in the subscription's language.
 */
export const pushNotificationSchema = z.object({
  /** The event's name. */
  title: z.string(),
  /** Who did what, and the amount: "Ana added “Taxi” — €40.00". */
  body: z.string(),
  /** The app's path to open on a tap: the expense's or the payment's form. */
  url: z.string(),
  /** One per expense or payment, so a later change replaces the earlier notification. */
  tag: z.string(),
  event_id: eventIdSchema,
  lang: pushLocaleSchema,
});
export type PushNotification = z.infer<typeof pushNotificationSchema>;
