import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// Found from this file, not the working directory, so `npm start` works from any folder.
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const optionalUrl = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .url({ message: 'must be an absolute URL' })
        .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
          message: `must start with ${protocols.join(' or ')}//`,
        })
        .optional(),
    )
    .optional();

/** Every setting the server reads from its environment, with defaults for a fresh machine. */
const environmentSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be from 0 to 65535')
    .max(65_535, 'must be from 0 to 65535')
    .default(8080),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  /** An ECB-format daily rates file to refresh from; unset = keep the shipped snapshot. */
  RATES_URL: optionalUrl(['http:', 'https:']),
  RATES_REFRESH_HOURS: z.coerce
    .number({ message: 'must be a number' })
    .positive('must be more than zero')
    .max(24 * 365, 'must be at most 8760')
    .default(24),
  DONATION_URL: optionalUrl(['http:', 'https:']),
  /** The built web app; a relative path is read from the working directory. */
  WEB_DIST_DIR: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .default(DEFAULT_WEB_DIST_DIR)
    .transform((value) => resolve(value)),
});

export type Config = z.infer<typeof environmentSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration; throws a ConfigError that names every bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = environmentSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `${name} ${issue.message} (got ${JSON.stringify(env[name])})`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}.`);
}
