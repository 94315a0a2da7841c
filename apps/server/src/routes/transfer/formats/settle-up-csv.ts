import { allocate } from '@quits/domain';
import { type CsvLine, readCsvLines } from '../csv-lines';
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
import { delimiterOf } from './file-text';
import type { FileFormat, SniffedFile } from './format';

/**
 * Settle Up's CSV of a group's transactions, UTF-16 with a byte order mark as the app writes it:
 * `Who paid, Amount, Currency, For whom, Split amounts, Purpose, Category, Date & time, …, Type`.
 * Several payers and their amounts are listed with semicolons ("Ana;Ben", "10;20"), as are the
 * people it was for and their split amounts; `Type` is `expense` or `transfer`. Settle Up's
 * source is not public: the columns are those its users' importers read (see docs/API.md).
 */
export const settleUpCsv: FileFormat = {
  id: 'settle-up-csv',
  identify: ({ head }) => {
    const first = head[0] ?? '';
    return first.includes('Who paid') && first.includes('For whom');
  },
  read: (file, context) => readSettleUp(file, context),
};

function readSettleUp(file: SniffedFile, context: ReadContext): ForeignBook {
  const [header, ...rows] = readCsvLines(file.text, { delimiter: delimiterOf(file.text) });
  const columns = (header?.cells ?? []).map((cell) => cell.trim());
  const entries = new Problems().readEach(rows, (row) => readRow(row, columns, context));
  const people = new Map<string, string>();
  for (const entry of entries) {
    const names = [
      ...entry.paid.keys(),
      ...(entry.shares.by === 'weights' ? entry.shares.weights.keys() : []),
    ];
    for (const name of names)
      if (!people.has(name.toLowerCase())) people.set(name.toLowerCase(), name);
  }
  return {
    source: 'settle-up',
    format: 'settle-up-csv',
    name: null,
    currencyId: null,
    people: [...people.values()].map((name) => ({ name, weight: 1 })),
    entries,
    warnings: [],
  };
}

const list = (cell: string) =>
  cell
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');

function readRow(row: CsvLine, columns: readonly string[], { currencies }: ReadContext): BookEntry {
  const where = { line: row.line };
  const cell = (name: string) => row.cells[columns.indexOf(name)] ?? '';
  const date = dayOf(cell('Date & time'));
  if (!date) throw new FileProblem(where, 'import_entry_date');
  const currencyId = currencyOf(cell('Currency'), currencies);
  if (!currencyId)
    throw new FileProblem(where, 'import_entry_currency', { currency: cell('Currency') });
  const decimals = currencies.get(currencyId)?.decimals ?? 2;
  const payers = list(cell('Who paid'));
  const paidAmounts = list(cell('Amount')).map((value) => minorOf(value, decimals));
  if (paidAmounts.some((value) => value === null)) {
    throw new FileProblem(where, 'import_entry_amount');
  }
  const signedTotal = paidAmounts.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  if (payers.length === 0) throw new FileProblem(where, 'import_entry_no_payer');
  if (signedTotal === 0) throw new FileProblem(where, 'import_entry_amount');
  const sign = Math.sign(signedTotal);
  const amount = Math.abs(signedTotal);
  // One amount for several payers: they paid it in equal parts.
  const paid =
    paidAmounts.length === payers.length
      ? new Map(payers.map((name, index) => [name, Math.abs(paidAmounts[index] ?? 0)]))
      : new Map(
          [
            ...allocate(
              amount,
              payers.map((id) => ({ id, weight: 1 })),
              date,
            ),
          ].map(([name, part]) => [name, part] as const),
        );
  const owers = list(cell('For whom'));
  const splits = list(cell('Split amounts')).map(Number);
  // Split amounts as weights: exact when they are the amounts, and right when they are shares.
  const weights = new Map(
    owers.map((name, index) => {
      const split = splits[index];
      return [
        name,
        splits.length === owers.length && split !== undefined && Number.isFinite(split)
          ? Math.abs(split)
          : 1,
      ];
    }),
  );
  if (owers.length === 0) throw new FileProblem(where, 'import_entry_nobody');
  return {
    where,
    kind:
      cell('Type').trim().toLowerCase() === 'transfer'
        ? 'payment'
        : sign < 0
          ? 'income'
          : 'expense',
    title: cell('Purpose'),
    desc: '',
    date,
    currencyId,
    amount,
    paid,
    shares: { by: 'weights', weights },
    category: null,
  };
}
