import type { SqlSession } from '@server/db/sql-session';

/**
 * Every table of the app, a parent before the tables whose foreign keys point to it: the order
 * rows are read and written in. A table added by a migration must be added here (copying refuses
 * a database with a table it does not know, rather than leave one out).
 */
export const TABLES = [
  'events',
  'event_currency_rates',
  'users',
  'receipts',
  'recurrences',
  'expenditures',
  'payments',
  'activities',
  'attachments',
  'push_subscriptions',
  'currencies',
  'ecb_rates',
  'settings',
] as const;

export type TableName = (typeof TABLES)[number];

/**
 * Server-wide tables a server fills at its first start (the currency list, the rates, its keys):
 * a target that was started once holds them, and they are replaced by the copied ones.
 */
const SERVER_TABLES: ReadonlySet<TableName> = new Set(['currencies', 'ecb_rates', 'settings']);

/** Rows of stored files are up to a few MB each: a few at a time keeps the memory bounded. */
const ROWS_PER_FETCH = (table: TableName) =>
  table === 'receipts' || table === 'attachments' ? 4 : 500;

/** Rows per table, by name. */
export type RowCounts = Record<string, number>;

export class CopyRefusedError extends Error {
  override name = 'CopyRefusedError';
}

/** Throws when the database has a table this build does not copy (or lacks one it does). */
export async function checkTablesKnown(session: SqlSession): Promise<void> {
  const rows = await session.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const found = new Set(rows.map((row) => row.name));
  const known = new Set<string>(TABLES);
  const unknown = [...found].filter((name) => !known.has(name));
  const missing = TABLES.filter((name) => !found.has(name));
  if (unknown.length || missing.length) {
    throw new CopyRefusedError(
      `The database's tables are not the ones this version of Quits copies` +
        `${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}` +
        `${missing.length ? ` (missing: ${missing.join(', ')})` : ''}.`,
    );
  }
}

/**
 * Reads every row of every table, in `TABLES` order, as the JSON text PostgreSQL writes for it
 * (`row_to_json`): exact for every column type (bytea as `\x…` hex, timestamps with their
 * microseconds and zone, doubles in their shortest exact form), and read back by
 * `json_populate_recordset` into the same values. Run it in a `read` session: one snapshot.
 */
export async function readTables(
  session: SqlSession,
  onRows: (table: TableName, rows: string[]) => Promise<void>,
): Promise<RowCounts> {
  await checkTablesKnown(session);
  const counts: RowCounts = {};
  for (const table of TABLES) {
    counts[table] = 0;
    // Table names from the list above only, never from input.
    await session.query(
      `DECLARE quits_copy NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM "${table}" t`,
    );
    for (;;) {
      const rows = await session.query<{ row: string }>(
        `FETCH ${ROWS_PER_FETCH(table)} FROM quits_copy`,
      );
      if (rows.length === 0) break;
      counts[table] += rows.length;
      await onRows(
        table,
        rows.map((row) => row.row),
      );
    }
    await session.query('CLOSE quits_copy');
  }
  return counts;
}

/** Writes rows read by `readTables` into the same table of another database, ids and all. */
export async function insertRows(
  session: SqlSession,
  table: TableName,
  rows: readonly string[],
): Promise<void> {
  if (rows.length === 0) return;
  await session.query(
    `INSERT INTO "${table}" SELECT * FROM json_populate_recordset(null::"${table}", $1::json)`,
    [`[${rows.join(',')}]`],
  );
}

/**
 * Readies a target for a copy: refuses one that holds any event's data (nothing is ever merged
 * or overwritten), and empties the server-wide tables a first start filled. Run it in the
 * `write` session the copy then writes in.
 */
export async function prepareEmptyTarget(session: SqlSession): Promise<void> {
  await checkTablesKnown(session);
  const counts = await countRows(session);
  const filled = TABLES.filter((table) => !SERVER_TABLES.has(table) && (counts[table] ?? 0) > 0);
  if (filled.length) {
    const what = filled.map((table) => `${counts[table]} in ${table}`).join(', ');
    throw new CopyRefusedError(
      `The target database is not empty (rows: ${what}). Copy into a new, empty database.`,
    );
  }
  for (const table of SERVER_TABLES) await session.query(`DELETE FROM "${table}"`);
}

/** After rows came with their ids: each id sequence continues after the largest id copied. */
export async function resetSequences(session: SqlSession): Promise<void> {
  const serials = await session.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_default LIKE 'nextval(%'`,
  );
  for (const { table_name: table, column_name: column } of serials) {
    await session.query(
      `SELECT setval(pg_get_serial_sequence($1, $2),
                     (SELECT coalesce(max("${column}"), 0) + 1 FROM "${table}"), false)`,
      [`"${table}"`, column],
    );
  }
}

export async function countRows(session: SqlSession): Promise<RowCounts> {
  const counts: RowCounts = {};
  for (const table of TABLES) {
    const [row] = await session.query<{ count: string | number }>(
      `SELECT count(*) AS count FROM "${table}"`,
    );
    counts[table] = Number(row?.count ?? 0);
  }
  return counts;
}

/**
 * What a copy must keep, to compare source and target: rows per table, the money of expenses
 * and payments by currency (sums of minor units), and the bytes of stored files. Values are
 * decimal texts, exact whatever their size.
 */
export async function copyTotals(session: SqlSession): Promise<Map<string, string>> {
  const totals = new Map<string, string>();
  for (const [table, count] of Object.entries(await countRows(session))) {
    totals.set(`rows of ${table}`, String(count));
  }
  const money = await session.query<{ what: string; currency: string; total: string }>(
    `SELECT 'expenses' AS what, currency_id AS currency, sum(amount)::text AS total
       FROM expenditures GROUP BY currency_id
     UNION ALL
     SELECT 'payments', currency_id, sum(amount)::text FROM payments GROUP BY currency_id
     ORDER BY 1, 2`,
  );
  for (const row of money) totals.set(`${row.what} in ${row.currency}`, row.total);
  const files = await session.query<{ what: string; total: string }>(
    `SELECT 'bytes of attachments' AS what, coalesce(sum(bytes), 0)::text AS total FROM attachments
     UNION ALL
     SELECT 'bytes of receipts', coalesce(sum(bytes), 0)::text FROM receipts`,
  );
  for (const row of files) totals.set(row.what, row.total);
  return totals;
}

/** The lines of totals that differ, as `what: source → target`; empty when all match. */
export function totalsDiffer(source: Map<string, string>, target: Map<string, string>): string[] {
  const keys = new Set([...source.keys(), ...target.keys()]);
  return [...keys]
    .filter((key) => source.get(key) !== target.get(key))
    .map((key) => `${key}: ${source.get(key) ?? 'none'} → ${target.get(key) ?? 'none'}`);
}
