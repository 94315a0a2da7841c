import type { Event } from '@quits/contract';
import {
  convertExpense,
  convertToEventCurrency,
  formatAmountInput,
  type RateTable,
  signOf,
} from '@quits/domain';
import { type CsvField, csvDocument, number, text } from './csv-text';

interface CsvRow {
  date: string;
  createdAt: string;
  fields: CsvField[];
}

/**
 * The event as a spreadsheet: one row per expense, income and payment, oldest first, with date,
 * type, title, category, amount and currency, the amount in the event currency, who paid, then
 * one column per person with their share in the event currency. An income (money received) is
 * written negative, and a payment counts as the payee's share of what the payer paid, as in the
 * balances, so every row's shares add up to its converted amount and each person's column sums
 * to their share.
 *
 * Numbers are always written with a dot decimal and no grouping ("1234.50"), whatever the
 * reader's language: a file that changes with who downloads it cannot be read by a program,
 * and a spreadsheet in a comma-decimal language reads these numbers when the column (or the
 * whole import) is set to English.
 *
 * @param decimalsOf the minor-unit digits of a currency
 */
export function buildEventCsv(
  event: Event,
  rates: RateTable,
  decimalsOf: (currencyId: string) => number,
): string {
  const money = (minor: number, currencyId: string) =>
    formatAmountInput(minor, decimalsOf(currencyId), 'en');
  const eventMoney = (minor: number) => number(money(minor, event.currency_id));
  const nameOf = new Map(event.users.map((person) => [person.id, person.name]));
  const name = (id: string) => nameOf.get(id) ?? id;
  const sharesOf = (shares: ReadonlyMap<string, number>) =>
    event.users.map((person) => eventMoney(shares.get(person.id) ?? 0));

  const rows: CsvRow[] = [];
  for (const expense of event.expenditures) {
    const converted = convertExpense(expense, rates);
    // Money received is written with its sign turned, as the balances count it.
    const sign = signOf(expense);
    const shares = new Map<string, number>();
    for (const line of converted.participant) {
      shares.set(line.user_id, (shares.get(line.user_id) ?? 0) + sign * line.amount);
    }
    const paidBy =
      expense.payer.length === 1
        ? name(expense.payer[0]?.user_id ?? '')
        : expense.payer
            .map((line) => `${name(line.user_id)} ${money(line.amount, expense.currency_id)}`)
            .join('; ');
    rows.push({
      date: expense.date,
      createdAt: expense.created_at,
      fields: [
        text(expense.date),
        text(sign < 0 ? 'income' : 'expense'),
        text(expense.title),
        text(expense.category ?? ''),
        number(money(sign * expense.amount, expense.currency_id)),
        text(expense.currency_id),
        eventMoney(sign * converted.amount),
        text(paidBy),
        ...sharesOf(shares),
      ],
    });
  }
  for (const payment of event.payments) {
    const converted = convertToEventCurrency(payment.amount, payment.currency_id, rates).amount;
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
        eventMoney(converted),
        text(name(payment.payer_id)),
        ...sharesOf(new Map([[payment.payee_id, converted]])),
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
  ].map(text);
  return csvDocument([header, ...rows.map((row) => row.fields)]);
}
