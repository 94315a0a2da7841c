import type { Config } from '@server/config';
import type { Database } from '@server/db/connection';
import { settings } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import { z } from 'zod';

/** The server's identity towards push services (RFC 8292): a P-256 pair in base64url. */
export interface VapidDetails {
  /** The uncompressed public point, 65 bytes: the browser's `applicationServerKey`. */
  publicKey: string;
  /** The private scalar, 32 bytes. */
  privateKey: string;
  /** Who runs this server: a mailto: or https: URL. */
  subject: string;
}

const VAPID_KEY = 'vapid';
const storedKeysSchema = z.object({ publicKey: z.string(), privateKey: z.string() });

/** Used when neither VAPID_SUBJECT nor PUBLIC_URL says who runs the server. */
const FALLBACK_SUBJECT = 'mailto:push@quits.invalid';

/**
 * The VAPID keys: from the environment when set, else the pair kept in the database, made on
 * the first start. Every instance on one database uses the same pair, which is what the
 * browsers' subscriptions are bound to: changing it silently ends every subscription.
 */
export async function loadVapidDetails(db: Database, config: Config): Promise<VapidDetails> {
  const subject = vapidSubject(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const stored = await readStoredKeys(db);
  if (stored) return { ...stored, subject };
  const made = webPush.generateVAPIDKeys();
  // Instances starting together may each make a pair: the first one stored wins for all.
  await db
    .insert(settings)
    .values({ key: VAPID_KEY, value: { publicKey: made.publicKey, privateKey: made.privateKey } })
    .onConflictDoNothing({ target: settings.key });
  const kept = await readStoredKeys(db);
  if (!kept) throw new Error('the VAPID keys were stored but cannot be read back');
  return { ...kept, subject };
}

/** VAPID_SUBJECT, else a mailto: address at PUBLIC_URL's host, else a placeholder. */
export function vapidSubject(config: Pick<Config, 'VAPID_SUBJECT' | 'PUBLIC_URL'>): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  if (!config.PUBLIC_URL) return FALLBACK_SUBJECT;
  const host = new URL(config.PUBLIC_URL).hostname;
  // Push services want a reachable contact; a bare IP or localhost is none.
  const usable = host.includes('.') && !/^[\d.]+$/.test(host) && !host.startsWith('[');
  return usable ? `mailto:push@${host}` : FALLBACK_SUBJECT;
}

async function readStoredKeys(db: Database): Promise<Omit<VapidDetails, 'subject'> | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, VAPID_KEY));
  const parsed = storedKeysSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}
