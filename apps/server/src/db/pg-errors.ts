/** PostgreSQL's SQLSTATE for a unique or primary key violation. */
const UNIQUE_VIOLATION = '23505';

/** True when a write lost a race to insert the same key (PGlite and `pg` both set `code`). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  // Drizzle wraps driver errors; the SQLSTATE sits on the cause.
  for (let depth = 0; depth < 3 && current instanceof Error; depth += 1) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = current.cause;
  }
  return false;
}
