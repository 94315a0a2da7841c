import { createECDH } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { attachmentEnvironment } from '@server/attachments/attachment-config';
import { backupEnvironment } from '@server/backup/backup-config';
import { diskEnvironment } from '@server/disk/disk-config';
import { storedFilesEnvironment } from '@server/disk/stored-files-cap';
import { checkEventCreation, eventCreationEnvironment } from '@server/events/event-creation';
import { basePathEnvironment } from '@server/http/base-path';
import { hardeningEnvironment } from '@server/http/hardening-config';
import { checkMetricsAccess, metricsEnvironment } from '@server/metrics/metrics-config';
import { realtimeEnvironment } from '@server/realtime/realtime-config';
import { checkReceiptModel, receiptEnvironment } from '@server/receipts/receipt-config';
import { z } from 'zod';
import { blankAsUnset, wholeNumber } from './env-values';
import { ConfigError } from './settings/config-error';
import { nearMissWarnings } from './settings/near-misses';
import {
  isSecretVariable,
  SECRET_FILE_VARIABLES,
  withSecretFiles,
} from './settings/secret-settings';

export { ConfigError };

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

/** A key of web push's VAPID pair: base64url without padding, `bytes` long when decoded. */
const optionalVapidKey = (bytes: number, what: string) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]+$/, { message: 'must be base64url without padding' })
        .refine((value) => Buffer.from(value, 'base64url').length === bytes, {
          message: `must be ${what}: ${bytes} bytes in base64url`,
        })
        .optional(),
    )
    .optional();

/** Both VAPID keys or neither; the public key must be the private key's. */
function checkVapidPair(
  env: { VAPID_PUBLIC_KEY?: string | undefined; VAPID_PRIVATE_KEY?: string | undefined },
  context: z.RefinementCtx,
): void {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (!publicKey && !privateKey) return;
  if (!publicKey || !privateKey) {
    const missing = publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    context.addIssue({ code: 'custom', path: [missing], message: 'must be set with the other' });
    return;
  }
  const publicBytes = Buffer.from(publicKey, 'base64url');
  const privateBytes = Buffer.from(privateKey, 'base64url');
  // A malformed key already has its own issue.
  if (publicBytes.length !== 65 || privateBytes.length !== 32) return;
  const curve = createECDH('prime256v1');
  try {
    curve.setPrivateKey(privateBytes);
  } catch {
    context.addIssue({
      code: 'custom',
      path: ['VAPID_PRIVATE_KEY'],
      message: 'is not a P-256 key',
    });
    return;
  }
  if (!curve.getPublicKey().equals(publicBytes)) {
    const message = 'is not the public key of VAPID_PRIVATE_KEY';
    context.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message });
  }
}

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
  /** PostgreSQL connections this instance holds at most (PGlite has one, in the process). */
  DATABASE_POOL_SIZE: wholeNumber(20, 1_000),
  /** How long a start waits for PostgreSQL to answer, trying again, before it gives up. */
  DATABASE_CONNECT_TIMEOUT_SECONDS: wholeNumber(60, 3_600, 0),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  /** The path the app answers under behind a proxy (`/quits`); unset = the root. */
  ...basePathEnvironment,
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
  /** Web push's VAPID key pair; unset = made on first start and kept in the database. */
  VAPID_PUBLIC_KEY: optionalVapidKey(65, 'a P-256 public key'),
  VAPID_PRIVATE_KEY: optionalVapidKey(32, 'a P-256 private key'),
  /** Who runs this server, for push services (mailto: or https:); default from PUBLIC_URL. */
  VAPID_SUBJECT: optionalUrl(['mailto:', 'https:']),
  /** Keys the per-event pseudonyms of devices; unset = made on first start, kept in the database. */
  DEVICE_PSEUDONYM_SECRET: blankAsUnset(
    z
      .string()
      .regex(/^\S{32,200}$/, { message: 'must be 32 to 200 characters without spaces' })
      .optional(),
  ),
  /** Live updates: the built-in broadcaster's limits, or an external Pusher server. */
  ...realtimeEnvironment,
  /** Rate limits, CORS, trusted proxies and shutdown: see http/hardening-config.ts. */
  ...hardeningEnvironment,
  /** Receipt reading: OCR workers and queue, and an optional vision model. */
  ...receiptEnvironment,
  /** Attachments of expenses and payments: what one event keeps at most. */
  ...attachmentEnvironment,
  /** The free space kept on the data folder's disk: below it, writes are refused (507). */
  ...diskEnvironment,
  /** Prometheus metrics at /metrics: off, or on behind a token or an address list. */
  ...metricsEnvironment,
  /** Backups the running server takes, kept some days in a folder. */
  ...backupEnvironment,
  /** Who may create events: anyone, whoever knows a password, or nobody. */
  ...eventCreationEnvironment,
  /** The bytes of files all events together keep at most. */
  ...storedFilesEnvironment,
});

const checkedEnvironmentSchema = environmentSchema
  .superRefine(checkVapidPair)
  .superRefine(checkReceiptModel)
  .superRefine(checkMetricsAccess)
  .superRefine(checkEventCreation);

export type Config = z.infer<typeof environmentSchema>;

/** Every variable the server reads: its settings, and their `_FILE` forms for secrets. */
export const KNOWN_VARIABLES: readonly string[] = [
  ...Object.keys(environmentSchema.shape),
  ...SECRET_FILE_VARIABLES,
];

/**
 * Reads the configuration, secrets from their files where `<NAME>_FILE` is set; throws a
 * ConfigError that names every bad variable and never repeats a secret's value.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const resolved = withSecretFiles(env);
  const result = checkedEnvironmentSchema.safeParse(resolved);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const got = isSecretVariable(name) ? 'a value not shown' : JSON.stringify(resolved[name]);
    return `${name} ${issue.message} (got ${got})`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}.`);
}

/** Warnings for the start's log: variables set that look like a misspelt setting. */
export function configWarnings(env: NodeJS.ProcessEnv = process.env): string[] {
  return nearMissWarnings(env, KNOWN_VARIABLES);
}
