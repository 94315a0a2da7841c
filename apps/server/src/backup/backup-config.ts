import { resolve } from 'node:path';
import { wholeNumber } from '@server/env-values';
import { z } from 'zod';

/**
 * Scheduled backups, taken by the running server (docs/OPERATIONS.md, "Backups"): one every
 * `BACKUP_INTERVAL_HOURS` (0: none) into `BACKUP_DIR`, each kept `BACKUP_KEEP_DAYS` days.
 * Spread into the server's configuration schema.
 */
export const backupEnvironment = {
  /** Where backups go; a relative path is read from the working directory. */
  BACKUP_DIR: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .default('./backups')
    .transform((value) => resolve(value)),
  BACKUP_INTERVAL_HOURS: wholeNumber(24, 24 * 30, 0),
  BACKUP_KEEP_DAYS: wholeNumber(14, 3_650),
};
