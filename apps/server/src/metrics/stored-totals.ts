import { type Database, executeRows } from '@server/db/connection';
import { sql } from 'drizzle-orm';

interface Totals {
  count: number;
  bytes: number;
}

export interface StoredTotals {
  receipts: Totals;
  attachments: Totals;
}

/** Scrapes come every few seconds; counting every file row is not needed as often. */
const FRESH_FOR_MS = 30_000;

/**
 * Receipt photos and attachments of every event together, counted at most every 30 s (per
 * instance). Answers null while they cannot be counted; never rejects.
 */
export function storedTotalsReader(
  db: Database,
  clock: () => number = Date.now,
): () => Promise<StoredTotals | null> {
  let last: { at: number; totals: StoredTotals } | null = null;
  return async () => {
    if (last && clock() - last.at < FRESH_FOR_MS) return last.totals;
    try {
      // Sums as text: a bigint beyond 2^53 would not survive the driver's number.
      const rows = await executeRows<{ kind: string; count: number; bytes: string }>(
        db,
        sql`SELECT 'receipts' AS kind, count(*)::int AS count,
            coalesce(sum(bytes), 0)::text AS bytes FROM receipts
          UNION ALL
          SELECT 'attachments', count(*)::int, coalesce(sum(bytes), 0)::text FROM attachments`,
      );
      const of = (kind: string): Totals => {
        const row = rows.find((candidate) => candidate.kind === kind);
        return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
      };
      const totals = { receipts: of('receipts'), attachments: of('attachments') };
      last = { at: clock(), totals };
      return totals;
    } catch {
      return last?.totals ?? null;
    }
  };
}
