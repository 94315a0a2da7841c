import type { Category } from '@quits/contract';

/** Every text of a printed statement, in one language. Functions take values already written. */
export interface ReportTexts {
  /** The Intl locale dates and amounts are written in. */
  locale: string;
  statement: string;
  madeOn: (date: string) => string;
  wholeEvent: string;
  range: (from: string, to: string) => string;
  summary: string;
  totalSpent: string;
  /** What the group received (refunds, deposits returned…): shown only when there was some. */
  totalReceived: string;
  totalPaidBack: string;
  expenseCount: string;
  paymentCount: string;
  people: string;
  balances: string;
  person: string;
  paid: string;
  share: string;
  balance: string;
  settleUp: string;
  pays: (payer: string, payee: string) => string;
  settled: string;
  entries: string;
  date: string;
  title: string;
  paidBy: string;
  amount: string;
  /** A payment's line in the list: who sent it to whom. */
  paymentLine: (payer: string, payee: string) => string;
  /** An income's line in the list: its title, said to be money received. */
  incomeLine: (title: string) => string;
  noEntries: string;
  notListed: (count: string) => string;
  statistics: string;
  perPerson: string;
  perCategory: string;
  missingRates: (currencies: string) => string;
  page: (page: string, pages: string) => string;
  category: Record<Category, string>;
}
