import { randomUUID } from 'node:crypto';
import type { CurrencyRate, SplitwiseImport } from '@quits/contract';
import {
  isoDateSchema,
  LIMITS,
  nameKey,
  personNameSchema,
  requiredText,
  truncateText,
} from '@quits/contract';
import { allocate, formatAmountInput, parseAmount } from '@quits/domain';
import type { CurrencyStore } from '@server/currencies/currency-store';
import { type CsvLine, csvProblem, readCsvLines } from './csv-lines';
import type {
  ImportPlan,
  ImportWarning,
  PlannedExpense,
  PlannedLine,
  PlannedPayment,
} from './import-plan';
import { categoryOfSplitwise, isSplitwisePayment } from './splitwise-categories';

const FIXED_COLUMNS = ['date', 'description', 'category', 'cost', 'currency'] as const;
/** Past this many problems a file is clearly not what it should be: the rest is left unsaid. */
const MAX_PROBLEMS = 20;
const NUMBER = /^-?\d+(\.\d+)?$/;
/**
 * A description becomes a title by the rules typed titles follow; a longer one is cut to fit
 * (Splitwise allows longer descriptions than Quits does titles).
 */
const titleText = requiredText(LIMITS.title);

/** A problem of one line, thrown by the readers below and gathered by the caller. */
class LineProblem extends Error {}

/**
 * Reads a Splitwise group export. Each row gives, per person, their net for that row: what
 * they paid minus their share (positive: paid more than their share). Expenses become
 * expenses whose payers are the people with a positive net, each paying their net plus a part
 * of what is left of the cost; everyone's share then follows, so every person's net — and so
 * every balance — is exactly what the file says. Rows of category "Payment" become payments;
 * "Total balance" lines are Splitwise's sums and are skipped.
 */
export function planFromSplitwise(body: SplitwiseImport, currencies: CurrencyStore): ImportPlan {
  const lines = readCsvLines(body.csv);
  const [header, ...rows] = lines;
  if (!header) throw csvProblem(['line 1: the file has no header.']);
  const names = readPeople(header);
  const people = names.map((name) => ({ id: randomUUID(), name, presence: [] }));

  const problems: string[] = [];
  const warnings: ImportWarning[] = [];
  const expenditures: PlannedExpense[] = [];
  const payments: PlannedPayment[] = [];
  for (const row of rows) {
    if (problems.length >= MAX_PROBLEMS) break;
    try {
      const entry = readRow(row, people, currencies);
      if (entry.kind === 'expense') expenditures.push(entry.expense);
      else if (entry.kind === 'payment') payments.push(entry.payment);
      else if (entry.kind === 'skipped') warnings.push({ line: row.line, message: entry.why });
    } catch (error) {
      if (!(error instanceof LineProblem)) throw error;
      problems.push(`line ${row.line}: ${error.message}`);
    }
  }
  if (problems.length === 0 && expenditures.length + payments.length === 0) {
    problems.push(`line ${header.line}: the file holds no expenses or payments.`);
  }
  if (expenditures.length + payments.length > LIMITS.maxItems) {
    problems.push(`the file has more than ${LIMITS.maxItems} expenses and payments.`);
  }
  if (problems.length > 0) throw csvProblem(problems);

  const currencyId = body.currency_id ?? mostUsedCurrency([...expenditures, ...payments]);
  if (!currencies.get(currencyId)) {
    throw csvProblem([`${currencyId} is not a currency we know; choose another for the event.`]);
  }
  const rates = ratesInto(currencyId, [...expenditures, ...payments], currencies);
  return {
    source: 'splitwise',
    event: {
      name: body.name,
      desc: '',
      image: null,
      currency_id: currencyId,
      currency_rates: rates,
    },
    people,
    expenditures,
    payments,
    warnings,
  };
}

/** The people's names, from the columns after the five fixed ones. */
function readPeople(header: CsvLine): string[] {
  const at = `line ${header.line}`;
  const fixed = header.cells
    .slice(0, FIXED_COLUMNS.length)
    .map((cell) => cell.trim().toLowerCase());
  if (FIXED_COLUMNS.some((name, index) => fixed[index] !== name)) {
    throw csvProblem([
      `${at}: a Splitwise export starts with the columns Date, Description, Category, Cost, Currency.`,
    ]);
  }
  const names = header.cells.slice(FIXED_COLUMNS.length);
  if (names.length === 0) throw csvProblem([`${at}: there is no column for a person.`]);
  if (names.length > LIMITS.maxPeople) {
    throw csvProblem([`${at}: an event has at most ${LIMITS.maxPeople} people.`]);
  }
  const seen = new Set<string>();
  return names.map((cell, index) => {
    const column = FIXED_COLUMNS.length + index + 1;
    const parsed = personNameSchema.safeParse(cell);
    if (!parsed.success) {
      throw csvProblem([
        `${at}: the name in column ${column} ${describeName(parsed.error.issues[0])}`,
      ]);
    }
    const key = nameKey(parsed.data);
    if (seen.has(key)) throw csvProblem([`${at}: ${parsed.data} has two columns.`]);
    seen.add(key);
    return parsed.data;
  });
}

/** What is wrong with a name, from the first issue the name's schema found. */
function describeName(issue: TextIssue | undefined): string {
  if (issue?.code === 'too_small') return 'is empty.';
  if (issue?.code === 'too_big') return `is longer than ${LIMITS.personName} characters.`;
  return `is not a name: ${issue?.message ?? 'it is not text.'}`;
}

/** The part of a schema's issue that says what is wrong with a text. */
interface TextIssue {
  code: string;
  message: string;
}

/** The row's description as a title, or a problem of the line that says why it cannot be. */
function readTitle(description: string): string {
  const title = titleText.safeParse(truncateText(description.trim(), LIMITS.title));
  if (title.success) return title.data;
  const issue = title.error.issues[0];
  if (issue?.code === 'too_small') throw new LineProblem('Description is empty.');
  throw new LineProblem(`Description: ${issue?.message ?? 'it is not text.'}`);
}

type Person = ImportPlan['people'][number];

type RowEntry =
  | { kind: 'expense'; expense: PlannedExpense }
  | { kind: 'payment'; payment: PlannedPayment }
  | { kind: 'total' }
  | { kind: 'skipped'; why: string };

function readRow(row: CsvLine, people: readonly Person[], currencies: CurrencyStore): RowEntry {
  const [date = '', description = '', category = '', cost = '', currency = ''] = row.cells;
  if (description.trim().toLowerCase() === 'total balance') return { kind: 'total' };
  const title = readTitle(description);
  const day = date.trim().slice(0, 10);
  if (!isoDateSchema.safeParse(day).success) {
    throw new LineProblem('Date is not a date written as YYYY-MM-DD.');
  }
  const currencyId = currency.trim().toUpperCase();
  const known = currencies.get(currencyId);
  if (!known) throw new LineProblem(`Currency "${currency}" is not a currency we know.`);
  const amount = readAmount(cost, known.decimals, 'Cost');
  if (amount <= 0) throw new LineProblem('Cost must be more than zero.');
  if (amount > LIMITS.maxAmount) throw new LineProblem('Cost is too large.');
  const nets = people.map(({ name }, index) =>
    readAmount(row.cells[FIXED_COLUMNS.length + index] ?? '', known.decimals, `${name}'s amount`),
  );
  const sum = nets.reduce((total, net) => total + net, 0);
  if (sum !== 0) {
    throw new LineProblem(`the people's amounts add up to ${major(sum, known.decimals)}, not 0.`);
  }
  const base = { title, date: day, amount, currency_id: currencyId };
  if (isSplitwisePayment(category)) {
    return { kind: 'payment', payment: paymentOf(base, nets, people) };
  }
  const expense = expenseOf(base, nets, people, categoryOfSplitwise(category), known.decimals);
  if (!expense) {
    return { kind: 'skipped', why: `“${base.title}” changes nobody's balance; it was left out.` };
  }
  return { kind: 'expense', expense };
}

/** Minor units as the file writes them, for messages: "12.50". */
function major(minor: number, decimals: number): string {
  return formatAmountInput(minor, decimals, 'en');
}

/** A number as Splitwise writes it ("-20.00"): a dot decimal, no grouping. */
function readAmount(cell: string, decimals: number, column: string): number {
  const trimmed = cell.trim();
  if (trimmed === '') return 0;
  const minor = NUMBER.test(trimmed) ? parseAmount(trimmed, decimals, 'en') : null;
  if (minor === null) {
    throw new LineProblem(
      NUMBER.test(trimmed)
        ? `${column} has more decimals than its currency has.`
        : `${column} is not a number.`,
    );
  }
  return minor;
}

type Base = Pick<PlannedExpense, 'title' | 'date' | 'amount' | 'currency_id'>;

function paymentOf(base: Base, nets: readonly number[], people: readonly Person[]): PlannedPayment {
  const from = nets.findIndex((net) => net > 0);
  const to = nets.findIndex((net) => net < 0);
  const others = nets.filter((net) => net !== 0).length;
  if (others !== 2 || nets[from] !== base.amount || nets[to] !== -base.amount) {
    throw new LineProblem('a payment needs one person who paid the cost and one who received it.');
  }
  return {
    ...base,
    id: randomUUID(),
    payer_id: people[from]?.id ?? '',
    payee_id: people[to]?.id ?? '',
    percentage: null,
    createdAt: null,
  };
}

/**
 * The expense that gives each person exactly their net. What the people with a negative net
 * owe is what the others paid beyond their own share; the rest of the cost is the payers' own
 * share, split in proportion to their nets. Null when nobody's net moves (who paid is unknown).
 */
function expenseOf(
  base: Base,
  nets: readonly number[],
  people: readonly Person[],
  category: PlannedExpense['category'],
  decimals: number,
): PlannedExpense | null {
  const owed = nets.reduce((total, net) => total + Math.max(net, 0), 0);
  if (owed === 0) return null;
  if (owed > base.amount) {
    throw new LineProblem(
      `the amounts owed (${major(owed, decimals)}) are more than the cost (${major(base.amount, decimals)}).`,
    );
  }
  const id = randomUUID();
  const idAt = (index: number) => people[index]?.id ?? '';
  const payers = nets.flatMap((net, index) => (net > 0 ? [{ id: idAt(index), weight: net }] : []));
  const ownShare = allocate(base.amount - owed, payers, id);
  const payer: PlannedLine[] = payers.map(({ id: userId, weight }) => ({
    user_id: userId,
    amount: weight + (ownShare.get(userId) ?? 0),
  }));
  const participant: PlannedLine[] = nets.flatMap((net, index) => {
    const share = net < 0 ? -net : (ownShare.get(idAt(index)) ?? 0);
    return share > 0 ? [{ user_id: idAt(index), amount: share }] : [];
  });
  return {
    ...base,
    id,
    desc: '',
    category,
    split: { mode: 'exact' },
    payer,
    participant,
    author: null,
    rate: null,
    createdAt: null,
  };
}

/** The currency most rows are in (the first seen wins a tie). */
function mostUsedCurrency(entries: readonly { currency_id: string }[]): string {
  const counts = new Map<string, number>();
  for (const entry of entries)
    counts.set(entry.currency_id, (counts.get(entry.currency_id) ?? 0) + 1);
  let best = entries[0]?.currency_id ?? 'EUR';
  for (const [currencyId, count] of counts) if (count > (counts.get(best) ?? 0)) best = currencyId;
  return best;
}

/**
 * The event's own rates for the other currencies of the file, fixed at today's global rates so
 * that the balances the preview shows are the ones the event keeps. A currency without a
 * global rate gets none (the event then reports it as missing).
 */
function ratesInto(
  currencyId: string,
  entries: readonly { currency_id: string }[],
  currencies: CurrencyStore,
): CurrencyRate[] {
  const target = currencies.get(currencyId)?.rate;
  const others = [...new Set(entries.map((entry) => entry.currency_id))].filter(
    (id) => id !== currencyId,
  );
  return others.flatMap((id) => {
    const source = currencies.get(id)?.rate;
    if (!target || !source) return [];
    const rate = Number((source / target).toPrecision(8));
    return rate > 0 && rate <= LIMITS.maxExchangeRate
      ? [{ currency_id: id, exchange_rate: rate }]
      : [];
  });
}
