import { z } from 'zod';

const optionalText = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.string().regex(pattern, { message }).optional())
    .optional();

/** A variable set to nothing (`PUSHER_PORT=` in a compose file) counts as not set. */
const blankAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema,
  );

const count = (fallback: number, max: number) =>
  blankAsUnset(
    z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(max, `must be at most ${max}`)
      .default(fallback),
  );

/**
 * The environment variables of live updates, spread into the server's configuration schema:
 * the built-in broadcaster's credentials (`PUSHER_KEY`, `PUSHER_SECRET`) and its bounds.
 */
export const realtimeEnvironment = {
  // The key is a path segment of the socket URL (`/app/{key}`): no characters to escape.
  PUSHER_KEY: optionalText(/^[A-Za-z0-9_-]{1,100}$/, 'must be letters, digits, "-" or "_"'),
  PUSHER_SECRET: optionalText(/^\S{8,200}$/, 'must be 8 to 200 characters without spaces'),
  /** Sockets this instance holds at most; one more is told to come back later (4100). */
  REALTIME_MAX_CONNECTIONS: count(10_000, 1_000_000),
  /** Channels one socket may join at once. */
  REALTIME_MAX_SUBSCRIPTIONS: count(100, 10_000),
  /** Seconds of silence before either side pings; a ping unanswered as long again closes. */
  REALTIME_ACTIVITY_TIMEOUT: count(30, 3_600),
};

/** The realtime part of the configuration, as parsed. */
export type RealtimeEnvironment = z.infer<z.ZodObject<typeof realtimeEnvironment>>;
