/**
 * Regenerates `iso-4217.json`, the global currency list, from ISO 4217 "List One".
 *
 * Usage (from the repository root):
 *
 *   npm pack currency-codes@2 --pack-destination /tmp
 *   tar -xzf /tmp/currency-codes-2.*.tgz -C /tmp
 *   npx tsx apps/server/src/currencies/generate-iso-4217.ts /tmp/package/iso-4217-list-one.xml
 *
 * The argument is a local copy of ISO 4217 List One in the maintenance agency's own XML format
 * (`<ISO_4217 Pblshd="…"><CcyTbl><CcyNtry>…`). The `currency-codes` npm package ships it as
 * `iso-4217-list-one.xml`; the same file can be downloaded from the agency (SIX) as `list-one.xml`.
 * We read that XML rather than the package's `data.js` because `data.js` turns the "N.A." minor
 * units of non-currencies (gold, SDR, testing codes) into 0, which would hide what we must exclude.
 * The package is only read, never added as a dependency.
 *
 * What ends up in the list, and why:
 * - `decimals` is ISO 4217's minor unit (JPY 0, KWD 3, CLF 4), never CLDR's "cash digits": amounts
 *   are stored in minor units, so this is the scale of money, not of coins in a till.
 * - `name` is the English name from Node's ICU (`Intl.DisplayNames`), which reads better than ISO's
 *   ("British Pound" rather than "Pound Sterling") and tells apart VED from VES, which ISO both calls
 *   "Bolívar Soberano". ISO's name is kept where ICU has none.
 * - `unit` is ICU's narrow symbol ("€", "$", "¥"), falling back to the code itself.
 * - Left out: codes without a minor unit (precious metals XAU/XAG/XPT/XPD, bond-market units
 *   XBA–XBD, XDR, XSU, XUA, testing XTS, "no currency" XXX) and ISO's fund codes (BOV, CHE, CHW,
 *   COU, MXV, USN, UYI), which are settlement or indexation units nobody spends. CLF is a fund code
 *   kept on purpose: Chilean rents, leases and fees are commonly quoted in Unidades de Fomento.
 * - `AMENDMENTS` below applies ISO changes dated after the input list was published, so an older
 *   copy still yields today's list; a list published after an amendment's date is trusted as is.
 *
 * Names and symbols depend on the ICU data of the Node.js that runs this (ICU 78 / CLDR 48 for the
 * committed file); review the diff when regenerating with another Node.js.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';

/** One entry of `iso-4217.json`. */
export interface IsoCurrency {
  /** ISO 4217 alphabetic code, e.g. "EUR". */
  id: string;
  /** English display name. */
  name: string;
  /** ISO 4217 minor unit: digits after the decimal point (0..4). */
  decimals: number;
  /** Short symbol to show next to amounts; the code when there is none. */
  unit: string;
}

/** An ISO 4217 change that a given copy of List One may predate. */
interface Amendment {
  code: string;
  /** The first day (YYYY-MM-DD) on which the change holds. */
  effective: string;
  change: { kind: 'add'; name: string; decimals: number } | { kind: 'withdraw' };
  /** Why, for whoever reviews the list. */
  note: string;
}

export const AMENDMENTS: readonly Amendment[] = [
  {
    code: 'XCG',
    effective: '2025-03-31',
    change: { kind: 'add', name: 'Caribbean Guilder', decimals: 2 },
    note: 'Curaçao and Sint Maarten replaced the Netherlands Antillean guilder on 2025-03-31.',
  },
  {
    code: 'ANG',
    effective: '2025-07-01',
    change: { kind: 'withdraw' },
    note: 'The Netherlands Antillean guilder stopped being legal tender after 2025-06-30.',
  },
  {
    code: 'BGN',
    effective: '2026-02-01',
    change: { kind: 'withdraw' },
    note: 'Bulgaria adopted the euro on 2026-01-01; the lev stopped being legal tender after 2026-01-31.',
  },
];

/** ISO fund codes that are kept although they are funds; see the header for the reason. */
const KEPT_FUND_CODES: ReadonlySet<string> = new Set(['CLF']);

/** Codes that are not money even where ISO gives them a minor unit. */
const EXCLUDED_CODES: ReadonlySet<string> = new Set([
  'XAG',
  'XAU',
  'XBA',
  'XBB',
  'XBC',
  'XBD',
  'XDR',
  'XPD',
  'XPT',
  'XSU',
  'XTS',
  'XUA',
  'XXX',
]);

interface ListEntry {
  code: string;
  isoName: string;
  decimals: number | null;
  isFund: boolean;
}

/** Reads a text node that fast-xml-parser may give as a string or as `{ '#text', '@_…' }`. */
function textOf(node: unknown): string | undefined {
  if (typeof node === 'string') return node.trim();
  if (typeof node === 'number') return String(node);
  if (node !== null && typeof node === 'object' && '#text' in node) {
    return textOf((node as { '#text': unknown })['#text']);
  }
  return undefined;
}

function asRecord(node: unknown, what: string): Record<string, unknown> {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) {
    throw new Error(`ISO 4217 list: expected ${what}`);
  }
  return node as Record<string, unknown>;
}

/** Parses List One XML into its publication date and one entry per (country, currency) row. */
export function parseIsoListOne(xml: string): { published: string; entries: ListEntry[] } {
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    isArray: (tagName) => tagName === 'CcyNtry',
  });
  let doc: unknown;
  try {
    doc = parser.parse(xml, true);
  } catch (error) {
    throw new Error(`ISO 4217 list: not well-formed XML (${(error as Error).message})`);
  }
  const root = asRecord(asRecord(doc, 'a document').ISO_4217, 'an <ISO_4217> root');
  const published = root['@_Pblshd'];
  if (typeof published !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(published)) {
    throw new Error('ISO 4217 list: <ISO_4217> has no Pblshd="YYYY-MM-DD" date');
  }
  const rows = asRecord(root.CcyTbl, 'a <CcyTbl>').CcyNtry;
  if (!Array.isArray(rows) || rows.length === 0) throw new Error('ISO 4217 list: no <CcyNtry>');

  const entries: ListEntry[] = [];
  for (const row of rows) {
    const record = asRecord(row, '<CcyNtry> elements');
    const code = textOf(record.Ccy);
    // Territories without a currency of their own (e.g. Antarctica) have no <Ccy>.
    if (code === undefined) continue;
    if (!/^[A-Z]{3}$/.test(code)) throw new Error(`ISO 4217 list: bad code "${code}"`);
    const nameNode = record.CcyNm;
    const isFund =
      nameNode !== null &&
      typeof nameNode === 'object' &&
      (nameNode as Record<string, unknown>)['@_IsFund'] === 'true';
    const minor = textOf(record.CcyMnrUnts);
    let decimals: number | null = null;
    if (minor !== undefined && /^\d$/.test(minor)) decimals = Number(minor);
    else if (minor !== 'N.A.') throw new Error(`ISO 4217 list: ${code} has minor unit "${minor}"`);
    entries.push({ code, isoName: textOf(nameNode) ?? code, decimals, isFund });
  }
  return { published, entries };
}

/** English name from ICU, or `fallback` when ICU does not know the code. */
function displayName(code: string, fallback: string): string {
  const name = new Intl.DisplayNames('en', { type: 'currency', fallback: 'none' }).of(code);
  return name === undefined || name === code ? fallback : name;
}

/** ICU's narrow symbol for `code` (e.g. "€"), or the code itself. */
function narrowSymbol(code: string): string {
  const parts = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(1);
  return parts.find((part) => part.type === 'currency')?.value ?? code;
}

/** Builds the sorted global currency list from List One XML; see the header for the rules. */
export function buildCurrencyList(xml: string): IsoCurrency[] {
  const { published, entries } = parseIsoListOne(xml);
  const byCode = new Map<string, { isoName: string; decimals: number }>();
  for (const entry of entries) {
    if (entry.decimals === null || EXCLUDED_CODES.has(entry.code)) continue;
    if (entry.isFund && !KEPT_FUND_CODES.has(entry.code)) continue;
    const seen = byCode.get(entry.code);
    if (seen !== undefined && seen.decimals !== entry.decimals) {
      throw new Error(
        `ISO 4217 list: ${entry.code} has minor units ${seen.decimals} and ${entry.decimals}`,
      );
    }
    byCode.set(entry.code, { isoName: entry.isoName, decimals: entry.decimals });
  }
  for (const amendment of AMENDMENTS) {
    // A list published on or after the change already reflects it (or ISO decided otherwise).
    if (published >= amendment.effective) continue;
    if (amendment.change.kind === 'withdraw') byCode.delete(amendment.code);
    else if (!byCode.has(amendment.code)) {
      byCode.set(amendment.code, {
        isoName: amendment.change.name,
        decimals: amendment.change.decimals,
      });
    }
  }
  return [...byCode.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, { isoName, decimals }]) => ({
      id,
      name: displayName(id, isoName),
      decimals,
      unit: narrowSymbol(id),
    }));
}

/** Serialises the list one currency a line, the layout Biome's JSON formatter keeps as is. */
export function formatCurrencyList(list: readonly IsoCurrency[]): string {
  const lines = list.map(
    ({ id, name, decimals, unit }) =>
      `  { "id": ${JSON.stringify(id)}, "name": ${JSON.stringify(name)}, "decimals": ${decimals}, "unit": ${JSON.stringify(unit)} }`,
  );
  return `[\n${lines.join(',\n')}\n]\n`;
}

function main(argv: readonly string[]): void {
  const input = argv[0];
  if (input === undefined) {
    throw new Error('usage: tsx generate-iso-4217.ts <path to ISO 4217 list-one.xml>');
  }
  const list = buildCurrencyList(readFileSync(input, 'utf8'));
  const output = fileURLToPath(new URL('./iso-4217.json', import.meta.url));
  writeFileSync(output, formatCurrencyList(list));
  console.log(`wrote ${list.length} currencies to ${output}`);
}

const invokedAs = process.argv[1];
if (invokedAs !== undefined && fileURLToPath(import.meta.url) === resolve(invokedAs)) {
  main(process.argv.slice(2));
}
