import type { Currency, Event } from '@quits/contract';
import { personStatement, type StatementLine } from '@quits/domain';
import { eventRateTable } from '@web/lib/event-rates';

/** A line of a person's statement with what a list shows: a title, a date and a link. */
export interface StatementRow extends StatementLine {
  title: string;
  date: string;
  href: string;
  /** Money the group received (an income): `paid` and `received` are then negative. */
  income: boolean;
  /** For a payment: the other person's id, and whether this person sent it. */
  counterpart: { personId: string; sent: boolean } | null;
}

/**
 * Every expense and payment touching `personId`, newest date first, with its effect on their
 * balance in the event currency (computed by the domain, so the rows add up to the balance).
 */
export function statementRows(
  event: Event,
  personId: string,
  currencies: readonly Currency[],
): StatementRow[] {
  const rates = eventRateTable(event, currencies);
  const lines = personStatement(personId, {
    expenditures: event.expenditures,
    payments: event.payments,
    rates,
  });
  const expenses = new Map(event.expenditures.map((expense) => [expense.id, expense]));
  const payments = new Map(event.payments.map((payment) => [payment.id, payment]));
  const rows: StatementRow[] = [];
  for (const line of lines) {
    const expense = line.kind === 'expense' ? expenses.get(line.id) : undefined;
    const payment = line.kind === 'payment' ? payments.get(line.id) : undefined;
    if (expense) {
      rows.push({
        ...line,
        title: expense.title,
        date: expense.date,
        href: `/event/expense/${event.id}/${expense.id}`,
        income: expense.kind === 'income',
        counterpart: null,
      });
    } else if (payment) {
      const sent = payment.payer_id === personId;
      rows.push({
        ...line,
        title: payment.title,
        date: payment.date,
        href: `/event/payment/${event.id}/${payment.id}`,
        income: false,
        counterpart: { personId: sent ? payment.payee_id : payment.payer_id, sent },
      });
    }
  }
  return rows.sort((a, b) => b.date.localeCompare(a.date));
}
