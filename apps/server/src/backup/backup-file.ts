import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { SqlSession } from '@server/db/sql-session';
import { SERVER_VERSION } from '@server/version';
import {
  CopyRefusedError,
  copyTotals,
  type RowCounts,
  readTables,
  TABLES,
  type TableName,
} from './table-copy';

/**
 * A backup is one gzipped file of JSON lines: a header, then every row as
 * `{"table":…,"row":{…}}` (tables in copy order), then `{"end":{"rows":{table: count}}}`. A file
 * without its end line is cut short, and refused. It is the same on both databases, so a backup
 * of one restores into the other.
 */
export const BACKUP_FORMAT = 'quits-backup';
const FORMAT_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** Migrations applied to the database it was taken of: a restore needs the same schema. */
  migrations: number;
  server_version: string;
  database: 'pglite' | 'postgres';
  taken_at: string;
}

/** Fast gzip: most of a backup is stored photos, already compressed; rows still shrink tenfold. */
const GZIP_LEVEL = 3;

export async function appliedMigrations(session: SqlSession): Promise<number> {
  const [row] = await session.query<{ count: string | number }>(
    'SELECT count(*) AS count FROM drizzle.__drizzle_migrations',
  );
  return Number(row?.count ?? 0);
}

/**
 * Writes every row `session` sees (run it in a `read` session: one snapshot) to `file`: first to
 * `<file>.partial`, flushed to the disk, then renamed, so `file` is whole or absent. Answers
 * the rows written per table.
 */
export async function writeBackup(
  session: SqlSession,
  database: BackupHeader['database'],
  file: string,
  /** Stops the backup between two batches of rows (the server stopping); nothing is kept. */
  signal?: AbortSignal,
): Promise<RowCounts> {
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: FORMAT_VERSION,
    migrations: await appliedMigrations(session),
    server_version: SERVER_VERSION,
    database,
    taken_at: new Date().toISOString(),
  };
  const partial = `${file}.partial`;
  try {
    const gzip = createGzip({ level: GZIP_LEVEL });
    // `flush`: written to the disk before it is closed, so the rename never names a file that
    // a power cut would leave empty.
    const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600, flush: true }));
    written.catch(() => {}); // Awaited below; a failure (a full disk) also ends `put`'s wait.
    // The file's stream sets the pace: no more than one batch of rows is held in memory.
    const put = async (text: string) => {
      signal?.throwIfAborted();
      if (gzip.destroyed) await written;
      if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), written]);
    };
    await put(`${JSON.stringify(header)}\n`);
    const counts = await readTables(session, (table, rows) =>
      // A raw line break in a row's JSON can only be whitespace between tokens.
      put(rows.map((row) => `{"table":"${table}","row":${row.replaceAll('\n', ' ')}}\n`).join('')),
    );
    // Sums from the same snapshot: a restore checks what it wrote against them.
    const totals = Object.fromEntries(await copyTotals(session));
    await put(`${JSON.stringify({ end: { rows: counts, totals } })}\n`);
    gzip.end();
    await written;
    await rename(partial, file);
    return counts;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

function parseLine(line: string, file: string, number: number): Record<string, unknown> {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    throw new BackupFileError(`${file} is damaged: line ${number} is not JSON.`);
  }
}

function checkHeader(value: Record<string, unknown>, file: string): BackupHeader {
  if (value.format !== BACKUP_FORMAT || typeof value.migrations !== 'number') {
    throw new BackupFileError(`${file} is not a Quits backup.`);
  }
  if (value.version !== FORMAT_VERSION) {
    throw new BackupFileError(
      `${file} is a backup of format ${String(value.version)}; this version of Quits reads ${FORMAT_VERSION}.`,
    );
  }
  return value as unknown as BackupHeader;
}

function lines(file: string) {
  const unzipped = createReadStream(file).pipe(createGunzip());
  return createInterface({ input: unzipped, crlfDelay: Number.POSITIVE_INFINITY });
}

/** The header of a backup file, read without reading the rest. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const reader = lines(file);
  try {
    for await (const line of reader) return checkHeader(parseLine(line, file, 1), file);
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(`${file} cannot be read as a Quits backup: ${String(error)}`);
  } finally {
    reader.close();
  }
  throw new BackupFileError(`${file} is empty.`);
}

/** Rows held in memory before they are written: a batch per table, bounded by rows and bytes. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 16 * 1024 * 1024;

/** What a backup's end line says it holds: rows per table, and the totals of `copyTotals`. */
export interface BackupEnd {
  rows: RowCounts;
  totals: Map<string, string>;
}

/**
 * Reads a backup file and hands its rows on in batches of one table, in the file's order; checks
 * the rows against the end line's counts. Answers the end line.
 */
export async function readBackupRows(
  file: string,
  onRows: (table: TableName, rows: string[]) => Promise<void>,
): Promise<BackupEnd> {
  const known = new Set<string>(TABLES);
  const counts: RowCounts = {};
  let batch: { table: TableName; rows: string[]; chars: number } | null = null;
  const flush = async () => {
    if (batch) await onRows(batch.table, batch.rows);
    batch = null;
  };
  let number = 0;
  let end: { rows: RowCounts; totals?: Record<string, string> } | null = null;
  try {
    for await (const line of lines(file)) {
      number += 1;
      if (number === 1) {
        checkHeader(parseLine(line, file, number), file);
        continue;
      }
      if (line === '' || end) continue;
      const value = parseLine(line, file, number);
      if (value.end) {
        end = value.end as { rows: RowCounts; totals?: Record<string, string> };
        continue;
      }
      const table = value.table;
      if (typeof table !== 'string' || !known.has(table) || typeof value.row !== 'object') {
        throw new BackupFileError(`${file} is damaged: line ${number} is not a row.`);
      }
      const row = JSON.stringify(value.row);
      if (
        batch &&
        (batch.table !== table ||
          batch.rows.length >= BATCH_ROWS ||
          batch.chars + row.length > BATCH_CHARS)
      ) {
        await flush();
      }
      batch ??= { table: table as TableName, rows: [], chars: 0 };
      batch.rows.push(row);
      batch.chars += row.length;
      counts[table] = (counts[table] ?? 0) + 1;
    }
  } catch (error) {
    if (error instanceof BackupFileError || error instanceof CopyRefusedError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR') {
      throw new BackupFileError(`${file} is cut short.`);
    }
    throw error;
  }
  await flush();
  if (!end) throw new BackupFileError(`${file} is cut short: it has no end line.`);
  for (const table of TABLES) {
    const said = end.rows[table] ?? 0;
    if ((counts[table] ?? 0) !== said) {
      throw new BackupFileError(
        `${file} is damaged: ${counts[table] ?? 0} rows of ${table}, where it says ${said}.`,
      );
    }
  }
  return { rows: counts, totals: new Map(Object.entries(end.totals ?? {})) };
}
