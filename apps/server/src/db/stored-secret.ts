import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './connection';
import { settings } from './schema';

const storedSchema = z.object({ secret: z.string().min(32) });

/**
 * A server secret kept in the `settings` row `key`: made (32 random bytes, hex) on the first
 * start and read back on every other, so that every instance on one database shares it and it
 * outlives restarts. Instances starting together may each make one: the first stored wins.
 */
export async function storedSecret(db: Database, key: string): Promise<string> {
  const stored = await readSecret(db, key);
  if (stored) return stored;
  await db
    .insert(settings)
    .values({ key, value: { secret: randomBytes(32).toString('hex') } })
    .onConflictDoNothing({ target: settings.key });
  const kept = await readSecret(db, key);
  if (!kept) throw new Error(`the secret ${key} was stored but cannot be read back`);
  return kept;
}

async function readSecret(db: Database, key: string): Promise<string | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  const parsed = storedSchema.safeParse(row?.value);
  return parsed.success ? parsed.data.secret : null;
}
