import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/connection';
import { settings } from '../db/schema';
import type { AppCredentials } from './pusher/signature';

/** The built-in broadcaster's app key when PUSHER_KEY is not set. */
export const DEFAULT_KEY = 'quits';

const SECRET_KEY = 'realtime_secret';
const storedSchema = z.object({ secret: z.string().min(32) });

/**
 * The built-in broadcaster's credentials: PUSHER_KEY and PUSHER_SECRET when set, else the key
 * `quits` and a secret made on the first start and kept in the database, so that every instance
 * on one database accepts the signatures any of them gives.
 */
export async function builtInCredentials(db: Database, config: Config): Promise<AppCredentials> {
  const key = config.PUSHER_KEY ?? DEFAULT_KEY;
  if (config.PUSHER_SECRET) return { key, secret: config.PUSHER_SECRET };
  const stored = await readSecret(db);
  if (stored) return { key, secret: stored };
  // Instances starting together may each make one: the first one stored wins for all.
  await db
    .insert(settings)
    .values({ key: SECRET_KEY, value: { secret: randomBytes(32).toString('hex') } })
    .onConflictDoNothing({ target: settings.key });
  const kept = await readSecret(db);
  if (!kept) throw new Error('the realtime secret was stored but cannot be read back');
  return { key, secret: kept };
}

async function readSecret(db: Database): Promise<string | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SECRET_KEY));
  const parsed = storedSchema.safeParse(row?.value);
  return parsed.success ? parsed.data.secret : null;
}
