import { type CsvLine, readCsvLines } from '../csv-lines';
import { categoryOfSplitwise } from '../splitwise-categories';
import {
  type BookEntry,
  currencyOf,
  dayOf,
  FileProblem,
  type ForeignBook,
  minorOf,
  Problems,
  type ReadContext,
} from './book';
import type { FileFormat, SniffedFile } from './format';

/** The columns before the participants', as Spliit writes them (the older files lack three). */
const COLUMNS = ['Date', 'Description', 'Category', 'Currency', 'Cost'];
const OPTIONAL = ['Original cost', 'Original currency', 'Conversion rate'];
const LAST = ['Is Reimbursement', 'Split mode'];

/**
 * Spliit's CSV export (its `expenses/export/csv` route): per expense the cost in the group
 * currency, then one column per participant holding their share, positive for the one who paid
 * and negative for the others. A payer without a share of their own (a reimbursement) shows 0:
 * they are the payer when nobody else shows 0; otherwise who paid cannot be told from the file,
 * and that row is refused (the JSON export has it).
 */
export const spliitCsv: FileFormat = {
  id: 'spliit-csv',
  identify: ({ head }) => {
    // json2csv quotes every text, the header's too.
    const cells = (head[0] ?? '').split(',').map((cell) => cell.replace(/^"(.*)"$/, '$1'));
    return COLUMNS.every((name, index) => cells[index] === name) && cells.includes('Split mode');
  },
  read: (file, context) => readSpliitCsv(file, context),
};

function readSpliitCsv(file: SniffedFile, { currencies, fields }: ReadContext): ForeignBook {
  const [header, ...rows] = readCsvLines(file.text);
  const cells = header?.cells ?? [];
  const hasOriginal = OPTIONAL.every((name) => cells.includes(name));
  const first = COLUMNS.length + (hasOriginal ? OPTIONAL.length : 0) + LAST.length;
  const names = cells.slice(first);
  const entries = new Problems().readEach(rows, (row) =>
    readRow(row, cells, names, first, { currencies, fields }),
  );
  const groupCurrency = entries[0]?.currencyId ?? null;
  return {
    source: 'spliit',
    format: 'spliit-csv',
    name: null,
    currencyId: groupCurrency,
    people: names.map((name) => ({ name: name.replace(/^'(?=[=+\-@\t\r])/, ''), weight: 1 })),
    entries,
    warnings: [],
  };
}

/** A text cell as Spliit wrote it, without the apostrophe that keeps a formula from running. */
const plain = (cell: string) => cell.replace(/^'(?=[=+\-@\t\r])/, '');

function readRow(
  row: CsvLine,
  header: readonly string[],
  names: readonly string[],
  first: number,
  { currencies, fields }: ReadContext,
): BookEntry {
  const where = { line: row.line };
  const cell = (name: string) => row.cells[header.indexOf(name)] ?? '';
  const date = dayOf(cell('Date'));
  if (!date) throw new FileProblem(where, 'import_entry_date');
  const currencyId = currencyOf(cell('Currency'), currencies) ?? fields.currency_id;
  if (!currencyId) {
    throw new FileProblem(where, 'import_entry_currency', { currency: cell('Currency') });
  }
  const decimals = currencies.get(currencyId)?.decimals ?? 2;
  const cost = minorOf(cell('Cost'), decimals);
  if (cost === null || cost === 0) throw new FileProblem(where, 'import_entry_amount');
  // Money received has a negative cost and every sign turned: read it as an expense, turned back.
  const sign = Math.sign(cost);
  const shares = new Map<string, number>();
  const zeros: string[] = [];
  let payer: string | null = null;
  names.forEach((name, index) => {
    const value = minorOf(row.cells[first + index] ?? '0', decimals);
    if (value === null) throw new FileProblem(where, 'import_entry_amount');
    const signed = value * sign;
    if (signed > 0) {
      if (payer !== null) throw new FileProblem(where, 'import_entry_no_payer');
      payer = plain(name);
    }
    if (signed !== 0) shares.set(plain(name), Math.abs(signed));
    else zeros.push(plain(name));
  });
  // A payer without a share (every reimbursement) shows 0: known only when nobody else does.
  if (payer === null && zeros.length === 1) payer = zeros[0] ?? null;
  if (payer === null) throw new FileProblem(where, 'import_spliit_payer');
  const reimbursement = cell('Is Reimbursement') === 'Yes';
  // The shares as weights: exact when they add up to the cost, and the cost still shared in
  // full when older files rounded each share on its own.
  return {
    where,
    kind: reimbursement ? 'payment' : sign < 0 ? 'income' : 'expense',
    title: plain(cell('Description')),
    desc: '',
    date,
    currencyId,
    amount: Math.abs(cost),
    paid: new Map([[payer, Math.abs(cost)]]),
    shares: { by: 'weights', weights: shares },
    category: cell('Category') ? categoryOfSplitwise(plain(cell('Category'))) : null,
  };
}
