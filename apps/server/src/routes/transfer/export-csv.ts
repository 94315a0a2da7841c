import type { Event } from '@quits/contract';
import {
  computeBalances,
  expenseEntry,
  formatAmountInput,
  type LedgerEntry,
  paymentEntry,
  type RateTable,
} from '@quits/domain';
import { reportTexts as englishTexts } from '@server/report/texts/en';
import { type CsvField, csvDocument, number, text } from './csv-text';

interface CsvRow {
  date: string;
  createdAt: string;
  fields: CsvField[];
}

/** Minor units of the event currency by person id. */
type PerPerson = Map<string, number>;

const add = (into: PerPerson, userId: string, minor: number) =>
  into.set(userId, (into.get(userId) ?? 0) + minor);

/**
 * The event as a spreadsheet: one row per expense, income and payment, oldest first, with date,
 * type, title, category, amount and currency, the amount in the event currency, who paid, one
 * column per person with their share, then one column per person with what the row moves their
 * balance by (their net), and a closing `balance` row with each person's balance. Every figure
 * after the currency is in the event currency: each row is its entry of the ledger the balances
 * add up (`expenseEntry`, `paymentEntry`, with the same ties), so that whoever sums the file gets
 * every balance exactly:
 *
 * - a person's net is what they paid less their share; a payment is its payer's +amount and its
 *   payee's −amount (the payee's share, as the balances count it);
 * - an income (money received) is written negative throughout, its sign plain;
 * - each person's net column sums to their balance, and the closing row is that balance, from
 *   the same `computeBalances` as `GET /events/{id}/balances`.
 *
 * Numbers are always written with a dot decimal and no grouping ("1234.50"), whatever the
 * reader's language: a file that changes with who downloads it cannot be read by a program,
 * and a spreadsheet in a comma-decimal language reads these numbers when the column (or the
 * whole import) is set to English.
 *
 * @param decimalsOf the minor-unit digits of a currency
 * @throws RangeError when a converted amount or a balance is past 2^53 − 1 minor units
 */
export function buildEventCsv(
  event: Event,
  rates: RateTable,
  decimalsOf: (currencyId: string) => number,
): string {
  const money = (minor: number, currencyId: string) =>
    formatAmountInput(minor, decimalsOf(currencyId), 'en');
  const eventMoney = (minor: number) => money(minor, event.currency_id);
  const nameOf = new Map(event.users.map((person) => [person.id, person.name]));
  const name = (id: string) => nameOf.get(id) ?? id;
  const perPerson = (amounts: PerPerson) =>
    event.users.map((person) => number(eventMoney(amounts.get(person.id) ?? 0)));

  const rows: CsvRow[] = [];
  const perPersonOf = (entry: LedgerEntry) => {
    const shares: PerPerson = new Map();
    const nets: PerPerson = new Map();
    for (const line of entry.share) {
      add(shares, line.user_id, line.amount);
      add(nets, line.user_id, -line.amount);
    }
    for (const line of entry.paid) add(nets, line.user_id, line.amount);
    return [...perPerson(shares), ...perPerson(nets)];
  };
  for (const expense of event.expenditures) {
    // Money received is written with its sign turned, as the ledger counts it.
    const entry = expenseEntry(expense, rates);
    const sign = entry.kind === 'income' ? -1 : 1;
    // Each payer's part in the event currency, as the balances count it: the parts add up to
    // the converted amount.
    const paidBy =
      entry.paid.length === 1
        ? name(entry.paid[0]?.user_id ?? '')
        : entry.paid.map((line) => `${name(line.user_id)} ${eventMoney(line.amount)}`).join('; ');
    rows.push({
      date: expense.date,
      createdAt: expense.created_at,
      fields: [
        text(expense.date),
        text(entry.kind),
        text(expense.title),
        // The category's name, in English as the headers are: its key ("food") means nothing
        // to whoever reads the file.
        text(expense.category ? englishTexts.category[expense.category] : ''),
        number(money(sign * expense.amount, expense.currency_id)),
        text(expense.currency_id),
        number(eventMoney(sign * entry.amount)),
        text(paidBy),
        ...perPersonOf(entry),
      ],
    });
  }
  for (const payment of event.payments) {
    const entry = paymentEntry(payment, rates);
    rows.push({
      date: payment.date,
      createdAt: payment.created_at,
      fields: [
        text(payment.date),
        text('payment'),
        text(payment.title || `${name(payment.payer_id)} → ${name(payment.payee_id)}`),
        text(''),
        number(money(payment.amount, payment.currency_id)),
        text(payment.currency_id),
        number(eventMoney(entry.amount)),
        text(name(payment.payer_id)),
        ...perPersonOf(entry),
      ],
    });
  }
  rows.sort((a, b) =>
    a.date === b.date ? a.createdAt.localeCompare(b.createdAt) : a.date.localeCompare(b.date),
  );

  const header = [
    'Date',
    'Type',
    'Title',
    'Category',
    'Amount',
    'Currency',
    `Amount (${event.currency_id})`,
    'Paid by',
    ...event.users.map((person) => person.name),
    ...event.users.map((person) => `${person.name} (net)`),
  ].map(text);
  return csvDocument([
    header,
    ...rows.map((row) => row.fields),
    closingRow(event, rates, perPerson),
  ]);
}

/**
 * Each person's balance, from the same computation as the balances the app shows, under their
 * net column; the share columns are left empty, as a share of the whole means nothing here.
 */
function closingRow(
  event: Event,
  rates: RateTable,
  perPerson: (amounts: PerPerson) => CsvField[],
): CsvField[] {
  const { balances } = computeBalances({
    user_ids: event.users.map((person) => person.id),
    expenditures: event.expenditures,
    payments: event.payments,
    rates,
  });
  const balance: PerPerson = new Map(balances.map((row) => [row.user_id, row.balance]));
  return [
    text(''),
    text('balance'),
    text('Balance'),
    text(''),
    number(''),
    text(''),
    number(''),
    text(''),
    ...event.users.map(() => number('')),
    ...perPerson(balance),
  ];
}
