import { z } from 'zod';

/** A variable set to nothing (`PUSHER_PORT=` in a compose file) counts as not set. */
export const blankAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema,
  );

/** A whole number from `min` to `max`, `fallback` when not set. */
export const wholeNumber = (fallback: number, max: number, min = 1) =>
  blankAsUnset(
    z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`)
      .default(fallback),
  );
