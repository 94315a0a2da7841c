/**
 * Builds `apps/server/data/ecb-history.csv.gz`, the shipped history of ECB reference rates, from
 * the ECB's own `eurofxref-hist.csv` (inside eurofxref-hist.zip on the ECB's site).
 *
 * Usage (from the repository root):
 *
 *   npx tsx apps/server/src/currencies/build-rates-history.ts path/to/eurofxref-hist.csv
 *
 * Kept: the date and the columns of currencies the app knows (iso-4217.json), so currencies the
 * euro replaced (CYP, MTL, SIT, BGN…) and retired codes (ROL, TRL) are left out. The table is
 * written turned on its side, one line per column, which compresses a fifth better than rows: the
 * first line is `Date,` and every day, oldest first; each next line is a currency code and its rate
 * on each of those days, exactly as published, empty where the ECB published none that day.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import isoCurrencies from './iso-4217.json' with { type: 'json' };

export const HISTORY_PATH = fileURLToPath(
  new URL('../../data/ecb-history.csv.gz', import.meta.url),
);

/** Turns the ECB's CSV into the compact one: known currencies only, oldest day first. */
export function compactHistoryCsv(ecbCsv: string): string {
  const known = new Set(isoCurrencies.map((currency) => currency.id));
  const lines = ecbCsv.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = (lines.shift() ?? '').split(',').map((cell) => cell.trim());
  if (header[0] !== 'Date') throw new Error('not an ECB history CSV: the first column is not Date');
  const kept = header.flatMap((code, index) => (index > 0 && known.has(code) ? [index] : []));
  const rows = lines.map((line) => {
    const cells = line.split(',').map((cell) => cell.trim());
    return [cells[0], ...kept.map((index) => (cells[index] === 'N/A' ? '' : (cells[index] ?? '')))];
  });
  rows.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const head = ['Date', ...kept.map((index) => header[index])];
  const columns = head.map((code, column) => [code, ...rows.map((row) => row[column])].join(','));
  return `${columns.join('\n')}\n`;
}

function rowsOf(compact: string): number {
  return (compact.slice(0, compact.indexOf('\n')).match(/,/g) ?? []).length;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const source = process.argv[2];
  if (!source) throw new Error('usage: build-rates-history.ts path/to/eurofxref-hist.csv');
  const compact = compactHistoryCsv(readFileSync(source, 'utf8'));
  const zipped = gzipSync(compact, { level: 9 });
  writeFileSync(HISTORY_PATH, zipped);
  console.log(`${HISTORY_PATH}: ${rowsOf(compact)} days, ${zipped.length} bytes`);
}
