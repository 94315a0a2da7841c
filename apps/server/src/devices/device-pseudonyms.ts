import { createHmac } from 'node:crypto';
import type { Database } from '@server/db/connection';
import { storedSecret } from '@server/db/stored-secret';

const SECRET_KEY = 'device_pseudonym_secret';

/** 16 bytes of the HMAC: 128 bits, 22 characters of base64url. */
const PSEUDONYM_BYTES = 16;

/**
 * What the server shows of a device. A `Device-ID` is the only thing that tells one device's
 * writes (and their rate limit) from another's, so it is never shown: history rows and live
 * messages carry a keyed hash of it instead, different in every event, so that nobody can
 * learn another device's id from them nor follow one device across events.
 */
export interface DevicePseudonyms {
  /** The device's pseudonym in the event; null for a request that named no device. */
  of(eventId: string, deviceId: string | null): string | null;
}

/** HMAC-SHA-256 of `{eventId}:{deviceId}` under the secret, first 16 bytes, base64url. */
export function devicePseudonyms(secret: string): DevicePseudonyms {
  return {
    of: (eventId, deviceId) =>
      deviceId === null
        ? null
        : createHmac('sha256', secret)
            // ':' is in neither an event id nor a UUID, so no two pairs hash the same text.
            .update(`${eventId}:${deviceId}`)
            .digest()
            .subarray(0, PSEUDONYM_BYTES)
            .toString('base64url'),
  };
}

/**
 * The secret of the pseudonyms: DEVICE_PSEUDONYM_SECRET when set, else one made on the first
 * start and kept in the database, so that every instance on one database shows a device alike
 * (and the pseudonyms stay the same across restarts; a new secret changes every one of them).
 */
export async function loadPseudonymSecret(
  db: Database,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  return storedSecret(db, SECRET_KEY);
}
