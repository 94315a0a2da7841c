/** PostgreSQL's SQLSTATE for a unique or primary key violation. */
const UNIQUE_VIOLATION = '23505';

/** PostgreSQL's SQLSTATE for a disk with no room left ("could not extend file"). */
const DISK_FULL = '53100';

function hasSqlState(error: unknown, state: string): boolean {
  let current: unknown = error;
  // Drizzle wraps driver errors; the SQLSTATE sits on the cause.
  for (let depth = 0; depth < 3 && current instanceof Error; depth += 1) {
    if ((current as { code?: unknown }).code === state) return true;
    current = current.cause;
  }
  return false;
}

/** True when a write lost a race to insert the same key (PGlite and `pg` both set `code`). */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, UNIQUE_VIOLATION);
}

/** True when a write failed for want of disk space; it was rolled back whole. */
export function isDiskFull(error: unknown): boolean {
  return hasSqlState(error, DISK_FULL);
}
