import { type CsvLine, readCsvLines } from '../csv-lines';
import { type Bill, entryOfBill, Weights, weightOf } from './bills';
import { type ForeignBook, Problems, type ReadContext } from './book';
import { type FileFormat, isRecord, textOf } from './format';

/** The keys every version's export has; `currency` came with 5.0, `bill_type` with 7.0. */
const KEYS = ['what', 'amount', 'date', 'payer_name', 'payer_weight', 'owers'];

/**
 * IHateMoney's project export of bills (`/<project>/export/bills.json`, `get_pretty_bills`): a
 * list of `{ what, bill_type?, amount, currency?, date, payer_name, payer_weight, owers }`, the
 * owers a list of names. Amounts are in the bill's own currency, two decimals at most.
 */
export const ihatemoneyJson: FileFormat = {
  id: 'ihatemoney-json',
  identify: ({ json }) =>
    Array.isArray(json) &&
    json.length > 0 &&
    isRecord(json[0]) &&
    KEYS.every((key) => key in json[0]),
  read: ({ json }, context) =>
    readBills(
      'ihatemoney-json',
      (Array.isArray(json) ? json : []).map((raw, index) => billOfJson(raw, index)),
      context,
    ),
};

/**
 * The same export as CSV (`bills.csv`): the keys as columns in the order the version wrote
 * them, the owers joined by ", ". Cospend's CSV has these columns too, with its own besides
 * (`timestamp`, `payer_active`): those files are Cospend's.
 */
export const ihatemoneyCsv: FileFormat = {
  id: 'ihatemoney-csv',
  identify: ({ head }) => {
    const columns = (head[0] ?? '').split(',');
    return KEYS.every((key) => columns.includes(key)) && !columns.includes('timestamp');
  },
  read: ({ text }, context) => {
    const [header, ...rows] = readCsvLines(text);
    const columns = header?.cells ?? [];
    return readBills(
      'ihatemoney-csv',
      rows.map((row) => billOfRow(row, columns)),
      context,
    );
  },
};

interface WeightedBill extends Bill {
  payerWeight: unknown;
}

function billOfJson(raw: unknown, index: number): WeightedBill {
  const bill = isRecord(raw) ? raw : {};
  return {
    where: { path: `${index}` },
    what: textOf(bill.what),
    amount: bill.amount,
    date: bill.date,
    payer: textOf(bill.payer_name),
    payerWeight: bill.payer_weight,
    owers: Array.isArray(bill.owers) ? bill.owers.map(textOf) : [],
    payment: bill.bill_type === 'Reimbursement',
    currency: textOf(bill.currency),
    comment: '',
  };
}

function billOfRow(row: CsvLine, columns: readonly string[]): WeightedBill {
  const cell = (name: string) => row.cells[columns.indexOf(name)] ?? '';
  return {
    where: { line: row.line },
    // IHateMoney writes a text starting with = + - @ after an apostrophe (CSV injection).
    what: cell('what').replace(/^'(?=[=+\-@\t\n])/, ''),
    amount: cell('amount'),
    date: cell('date'),
    payer: cell('payer_name'),
    payerWeight: cell('payer_weight'),
    owers: cell('owers').split(','),
    payment: cell('bill_type') === 'Reimbursement',
    currency: cell('currency'),
    comment: '',
  };
}

function readBills(
  format: 'ihatemoney-json' | 'ihatemoney-csv',
  bills: readonly WeightedBill[],
  context: ReadContext,
): ForeignBook {
  // Everyone first, with the weights the payers carry: the owers' shares depend on them.
  const weights = new Weights();
  for (const bill of bills) weights.note(bill.payer, weightOf(bill.payerWeight));
  for (const bill of bills) for (const ower of bill.owers) weights.note(ower, null);
  const entries = new Problems().readEach(bills, (bill) => entryOfBill(bill, weights, context));
  return {
    source: 'ihatemoney',
    format,
    name: null,
    currencyId: null,
    people: weights.people().filter((person) => person.name !== ''),
    entries,
    warnings: [],
  };
}
