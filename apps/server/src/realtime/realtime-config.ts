import { blankAsUnset, wholeNumber as count } from '@server/env-values';
import { z } from 'zod';

const optionalText = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.string().regex(pattern, { message }).optional())
    .optional();

/**
 * The environment variables of live updates, spread into the server's configuration schema.
 * `PUSHER_*` all set = publish to that external Pusher-compatible server; otherwise the server
 * is its own broadcaster (`PUSHER_KEY` and `PUSHER_SECRET` may still name its credentials).
 */
export const realtimeEnvironment = {
  PUSHER_APP_ID: optionalText(/^[A-Za-z0-9_-]{1,100}$/, 'must be letters, digits, "-" or "_"'),
  // The key is a path segment of the socket URL (`/app/{key}`): no characters to escape.
  PUSHER_KEY: optionalText(/^[A-Za-z0-9_-]{1,100}$/, 'must be letters, digits, "-" or "_"'),
  PUSHER_SECRET: optionalText(/^\S{8,200}$/, 'must be 8 to 200 characters without spaces'),
  PUSHER_HOST: optionalText(/^[A-Za-z0-9.:[\]-]{1,253}$/, 'must be a host name or address'),
  PUSHER_PORT: blankAsUnset(
    z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be from 1 to 65535')
      .max(65_535, 'must be from 1 to 65535')
      .optional(),
  ),
  PUSHER_SCHEME: blankAsUnset(
    z.enum(['http', 'https'], { message: 'must be http or https' }).optional(),
  ),
  PUSHER_USE_TLS: blankAsUnset(
    z
      .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
      .transform((value) => value === 'true' || value === '1')
      .optional(),
  ),
  /** Sockets this instance holds at most; one more is told to come back later (4100). */
  REALTIME_MAX_CONNECTIONS: count(10_000, 1_000_000),
  /**
   * Sockets one client address (IPv6: its /64) may hold at once; one more is told to come back
   * later (4100). A tab holds one; a hotel or an office network, or a mobile carrier sharing
   * one IPv4 address among many phones, holds a few dozen.
   */
  REALTIME_MAX_CONNECTIONS_PER_IP: count(50, 1_000_000),
  /** Channels one socket may join at once. */
  REALTIME_MAX_SUBSCRIPTIONS: count(100, 10_000),
  /** Seconds of silence before either side pings; a ping unanswered as long again closes. */
  REALTIME_ACTIVITY_TIMEOUT: count(30, 3_600),
};

/** The realtime part of the configuration, as parsed. */
export type RealtimeEnvironment = z.infer<z.ZodObject<typeof realtimeEnvironment>>;
