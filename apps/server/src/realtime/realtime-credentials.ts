import type { Config } from '@server/config';
import type { Database } from '@server/db/connection';
import { storedSecret } from '@server/db/stored-secret';
import type { AppCredentials } from './pusher/signature';

/** The built-in broadcaster's app key when PUSHER_KEY is not set. */
export const DEFAULT_KEY = 'quits';

const SECRET_KEY = 'realtime_secret';

/**
 * The built-in broadcaster's credentials: PUSHER_KEY and PUSHER_SECRET when set, else the key
 * `quits` and a secret made on the first start and kept in the database, so that every instance
 * on one database accepts the signatures any of them gives.
 */
export async function builtInCredentials(db: Database, config: Config): Promise<AppCredentials> {
  const key = config.PUSHER_KEY ?? DEFAULT_KEY;
  if (config.PUSHER_SECRET) return { key, secret: config.PUSHER_SECRET };
  return { key, secret: await storedSecret(db, SECRET_KEY) };
}
