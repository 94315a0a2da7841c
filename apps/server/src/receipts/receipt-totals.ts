import { type Database, executeRows } from '@server/db/connection';
import { sql } from 'drizzle-orm';

/** What every event keeps of receipt photos, together: their number and stored bytes. */
export interface ReceiptTotals {
  count: number;
  bytes: number;
}

/** Health checks come every few seconds; counting every receipt row is not needed as often. */
const FRESH_FOR_MS = 30_000;

/**
 * The receipt totals for the health check, counted at most every 30 s (per instance). Answers
 * null while they cannot be counted; never rejects.
 */
export function receiptTotalsReader(
  db: Database,
  clock: () => number = Date.now,
): () => Promise<ReceiptTotals | null> {
  let last: { at: number; totals: ReceiptTotals } | null = null;
  return async () => {
    if (last && clock() - last.at < FRESH_FOR_MS) return last.totals;
    try {
      const [row] = await executeRows<{ count: number | string; bytes: number | string }>(
        db,
        sql`SELECT count(*)::int AS count, coalesce(sum(bytes), 0)::text AS bytes FROM receipts`,
      );
      const totals = { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
      last = { at: clock(), totals };
      return totals;
    } catch {
      return last?.totals ?? null;
    }
  };
}
