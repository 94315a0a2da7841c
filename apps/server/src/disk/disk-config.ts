import { blankAsUnset } from '@server/env-values';
import { z } from 'zod';

/**
 * The free space below which writes are refused: a size (`256MB`), a share of the disk (`5%`),
 * or `0` for none. Unset: 256 MB, or 5 % of a disk smaller than 5 GB, so that a small disk is
 * not refused from its first write; but at least 32 MB, two of PGlite's 16 MB log segments,
 * which it must be able to add to start again.
 */
export type DiskFloor = { bytes: number } | { percent: number } | 'default';

const UNITS: Record<string, number> = {
  B: 1,
  KB: 1024,
  MB: 1024 ** 2,
  GB: 1024 ** 3,
  TB: 1024 ** 4,
};

const FORMAT = /^(\d+(?:\.\d+)?)\s*(%|B|KB|MB|GB|TB)$/i;

function parseFloor(text: string, context: z.RefinementCtx): DiskFloor {
  if (text.trim() === '0') return { bytes: 0 };
  const [, amount, unit] = FORMAT.exec(text.trim()) ?? [];
  if (amount === undefined || unit === undefined) {
    context.addIssue({ code: 'custom', message: 'must be a size such as 256MB, 2GB or 5%, or 0' });
    return z.NEVER;
  }
  const value = Number(amount);
  if (unit === '%') {
    if (value < 100) return { percent: value };
    context.addIssue({ code: 'custom', message: 'must be less than 100%' });
    return z.NEVER;
  }
  return { bytes: Math.round(value * (UNITS[unit.toUpperCase()] ?? 1)) };
}

/** Spread into the server's configuration schema. */
export const diskEnvironment = {
  DISK_FREE_MIN: blankAsUnset(z.string().transform(parseFloor).optional()).transform(
    (floor): DiskFloor => floor ?? 'default',
  ),
};

const DEFAULT_FLOOR_BYTES = 256 * 1024 ** 2;
const DEFAULT_FLOOR_PERCENT = 5;
const LEAST_DEFAULT_FLOOR_BYTES = 32 * 1024 ** 2;

/** The floor in bytes on a disk of `totalBytes`. */
export function floorBytes(floor: DiskFloor, totalBytes: number): number {
  if (floor === 'default') {
    const share = Math.round((totalBytes * DEFAULT_FLOOR_PERCENT) / 100);
    return Math.min(DEFAULT_FLOOR_BYTES, Math.max(LEAST_DEFAULT_FLOOR_BYTES, share));
  }
  return 'bytes' in floor ? floor.bytes : Math.round((totalBytes * floor.percent) / 100);
}
