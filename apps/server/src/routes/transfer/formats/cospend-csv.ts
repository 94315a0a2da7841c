import { say } from '@server/http/http-error';
import { type CsvLine, readCsvLines } from '../csv-lines';
import { type ImportWarning, warningOf } from '../import-plan';
import { type Bill, entryOfBill, Weights, weightOf } from './bills';
import { currencyOf, type ForeignBook, Problems, type ReadContext } from './book';
import type { FileFormat, SniffedFile } from './format';

const BILL_COLUMNS = ['what', 'amount', 'payer_name', 'payer_weight', 'owers'];
/** Cospend's category of reimbursements (`Application::CATEGORY_REIMBURSEMENT`). */
const REIMBURSEMENT = '-11';
/** The rows MoneyBuster and older Cospend write only to list the members. */
const MEMBER_ROW = 'deleteMeIfYouWant';

/**
 * Cospend's CSV project export (`CospendService::getJsonProject`): sections parted by blank
 * lines — members (`name,weight,active,color`), bills, categories, payment modes, currencies
 * (the main one at rate 1). Bill amounts are in the main currency; owers share by their
 * member's weight; a bill of the reimbursement category is a payment; a `deleted` one is in the
 * trash. MoneyBuster writes the bills section alone, its members as `deleteMeIfYouWant` bills.
 */
export const cospendCsv: FileFormat = {
  id: 'cospend-csv',
  identify: ({ head }) => {
    const first = (head[0] ?? '').split(',');
    if (first.join(',') === 'name,weight,active,color') return true;
    return BILL_COLUMNS.every((name) => first.includes(name)) && first.includes('repeatallactive');
  },
  read: (file, context) => readCospend(file, context, 'cospend-csv'),
};

export const moneybusterCsv: FileFormat = {
  id: 'moneybuster-csv',
  identify: ({ head }) => {
    const first = (head[0] ?? '').split(',');
    return BILL_COLUMNS.every((name) => first.includes(name)) && first.includes('payer_active');
  },
  read: (file, context) => readCospend(file, context, 'moneybuster-csv'),
};

interface Section {
  columns: string[];
  rows: CsvLine[];
}

/** The file's sections: each starts with its header, after a blank line (or the file's start). */
function sectionsOf(text: string): Section[] {
  const lines = readCsvLines(text, { relaxColumnCount: true });
  const raw = text.split(/\r\n|\n|\r/);
  const sections: Section[] = [];
  for (const line of lines) {
    const blankBefore = line.line > 1 && (raw[line.line - 2] ?? '').trim() === '';
    const current = sections.at(-1);
    if (!current || blankBefore) sections.push({ columns: line.cells, rows: [] });
    else current.rows.push(line);
  }
  return sections;
}

function readCospend(
  file: SniffedFile,
  context: ReadContext,
  format: 'cospend-csv' | 'moneybuster-csv',
): ForeignBook {
  const sections = sectionsOf(file.text);
  const find = (...names: string[]) =>
    sections.find((section) => names.every((name) => section.columns.includes(name)));
  const weights = new Weights();
  const members = find('name', 'weight', 'active');
  const cellOf = (section: Section, row: CsvLine, name: string) =>
    row.cells[section.columns.indexOf(name)] ?? '';
  for (const row of members?.rows ?? []) {
    weights.note(
      cellOf(members as Section, row, 'name'),
      weightOf(cellOf(members as Section, row, 'weight')),
    );
  }
  const currencies = find('currencyname', 'exchange_rate');
  const main = currencies?.rows.find(
    (row) => Number(cellOf(currencies, row, 'exchange_rate')) === 1,
  );
  const named = main ? cellOf(currencies as Section, main, 'currencyname') : '';
  const currencyId = currencyOf(named, context.currencies);

  const billSection = find(...BILL_COLUMNS);
  const warnings: ImportWarning[] = [];
  const bills: Bill[] = [];
  for (const row of billSection?.rows ?? []) {
    const section = billSection as Section;
    const cell = (name: string) => cellOf(section, row, name);
    weights.note(cell('payer_name'), weightOf(cell('payer_weight')));
    if (cell('what') === MEMBER_ROW) continue;
    if (cell('deleted') === '1') {
      warnings.push(warningOf(row.line, say('import_deleted_left_out', { title: cell('what') })));
      continue;
    }
    bills.push({
      where: { line: row.line },
      what: cell('what'),
      amount: cell('amount'),
      date: cell('date') || dateOfTimestamp(cell('timestamp')),
      payer: cell('payer_name'),
      owers: cell('owers').split(','),
      payment: cell('categoryid') === REIMBURSEMENT,
      currency: currencyId ?? '',
      comment: safeDecode(cell('comment')),
    });
  }
  for (const bill of bills) for (const ower of bill.owers) weights.note(ower, null);
  const entries = new Problems().readEach(bills, (bill) => entryOfBill(bill, weights, context));
  return {
    source: format === 'cospend-csv' ? 'cospend' : 'moneybuster',
    format,
    name: null,
    currencyId,
    people: weights.people().filter((person) => person.name !== ''),
    entries,
    warnings,
  };
}

/** Cospend writes a comment URL-encoded (`urlencode`: spaces as +). */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** A Unix timestamp (seconds) as its UTC day, for a file without a `date` column. */
function dateOfTimestamp(text: string): string {
  const seconds = Number(text);
  return Number.isFinite(seconds) && text !== ''
    ? new Date(seconds * 1000).toISOString().slice(0, 10)
    : '';
}
