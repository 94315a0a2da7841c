import { z } from 'zod';

/** GET /api/health: the server answers and its database does (503 with a message when not). */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  /** The server's release, a semantic version (CHANGELOG.md). */
  version: z.string(),
  /**
   * Receipt photos kept for every event together (counted at most every 30 s); absent while
   * they cannot be counted.
   */
  receipts: z
    .object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() })
    .optional(),
  /**
   * The disk of the data folder (PGlite only): `low` while its free bytes are below the floor
   * kept free, when writes are refused (507) and reads go on; absent on PostgreSQL.
   */
  disk: z
    .object({
      status: z.enum(['ok', 'low']),
      free_bytes: z.number().int().nonnegative(),
      min_free_bytes: z.number().int().nonnegative(),
    })
    .optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/health/live: the process answers; nothing else is looked at. */
export const livenessSchema = z.object({ status: z.literal('ok') });

/**
 * GET /api/health/ready: this instance should be sent requests: its database answers, carries
 * every migration this build knows, and the server is not shutting down (else 503).
 */
export const readinessSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  migrations: z.literal('ok'),
});
