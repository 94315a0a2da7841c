import { randomUUID } from 'node:crypto';
import type {
  CodedMessage,
  CurrencyRate,
  MessageCode,
  MessageParams,
  SplitwiseImport,
} from '@quits/contract';
import {
  isoDateSchema,
  LIMITS,
  nameKey,
  personNameSchema,
  requiredText,
  SERVER_MESSAGES,
  truncateText,
} from '@quits/contract';
import { allocate, formatAmountInput, parseAmount } from '@quits/domain';
import type { CurrencyLookup } from '@server/currencies/currency-lookup';
import { say } from '@server/http/http-error';
import { type CsvLine, csvProblem, readCsvLines } from './csv-lines';
import {
  type ImportPlan,
  type ImportWarning,
  type PlannedExpense,
  type PlannedLine,
  type PlannedPayment,
  type StatedBalance,
  warningOf,
} from './import-plan';
import { categoryOfSplitwise, isSplitwisePayment } from './splitwise-categories';

/** The five columns before the people's, as Splitwise writes them in English and in German. */
const FIXED_COLUMNS = ['date', 'description', 'category', 'cost', 'currency'] as const;
const HEADERS: readonly (readonly string[])[] = [
  FIXED_COLUMNS,
  ['datum', 'beschreibung', 'kategorie', 'kosten', 'währung'],
];
/** How far down a file its header may be: a personal export starts with a line of its own. */
const HEADER_SEARCH_LINES = 5;
/** Past this many problems a file is clearly not what it should be: the rest is left unsaid. */
const MAX_PROBLEMS = 20;
const NUMBER = /^-?\d+(\.\d+)?$/;
/**
 * A description becomes a title by the rules typed titles follow; a longer one is cut to fit
 * (Splitwise allows longer descriptions than Quits does titles).
 */
const titleText = requiredText(LIMITS.title);

/** A problem of one line, thrown by the readers below and gathered by the caller. */
class LineProblem extends Error {
  constructor(
    readonly code: MessageCode,
    readonly params: MessageParams = {},
  ) {
    super(code);
  }
}

/**
 * Lines with text a Splitwise file may have: one per entry at most, the header and the
 * "Total balance" line. A description written over several lines counts each of them.
 */
export const SPLITWISE_MAX_LINES = LIMITS.maxItems + 2;

/**
 * Refuses a file of more lines with text than a file within the entry limit has, before it is
 * parsed: counting line breaks takes milliseconds where parsing takes seconds.
 */
export function checkSplitwiseLines(csv: string): void {
  let lines = 0;
  let start = 0;
  while (start < csv.length) {
    const end = csv.indexOf('\n', start);
    const stop = end === -1 ? csv.length : end;
    // A line with nothing on it but a carriage return is blank, as the parser reads it.
    if (stop - start > 1 || (stop - start === 1 && csv[start] !== '\r')) lines += 1;
    if (lines > SPLITWISE_MAX_LINES) {
      throw csvProblem([say('csv_too_many_entries', { max: LIMITS.maxItems })]);
    }
    start = stop + 1;
  }
}

/**
 * Reads a Splitwise group export. Each row gives, per person, their net for that row: what
 * they paid minus their share (positive: paid more than their share). Expenses become
 * expenses whose payers are the people with a positive net, each paying their net plus a part
 * of what is left of the cost; everyone's share then follows, so every person's net — and so
 * every balance — is exactly what the file says. Rows of category "Payment" become payments;
 * "Total balance" lines are Splitwise's sums and are skipped.
 */
export function planFromSplitwise(body: SplitwiseImport, currencies: CurrencyLookup): ImportPlan {
  // A note above the header has fewer columns than the rows: the parser must allow it.
  const lines = readCsvLines(body.csv, { relaxColumnCount: true });
  const at = findHeader(lines);
  const header = lines[at];
  if (!header) throw csvProblem([say('csv_no_header')]);
  const rows = lines.slice(at + 1);
  const names = readPeople(header);
  const people = names.map((name) => ({ id: randomUUID(), name, presence: [], defaultWeight: 1 }));

  const problems: CodedMessage[] = [];
  const warnings: ImportWarning[] = [];
  const expenditures: PlannedExpense[] = [];
  const payments: PlannedPayment[] = [];
  const stated: StatedBalance[] = [];
  for (const row of rows) {
    if (problems.length >= MAX_PROBLEMS) break;
    // The parser let lines of other lengths through (for a note above the header): not after it.
    if (row.cells.length !== header.cells.length) {
      const size = { expected: header.cells.length, found: row.cells.length };
      problems.push(say('csv_columns', { line: row.line, ...size }));
      continue;
    }
    try {
      const entry = readRow(row, people, currencies);
      if (entry.kind === 'expense') expenditures.push(entry.expense);
      else if (entry.kind === 'payment') payments.push(entry.payment);
      else if (entry.kind === 'skipped') warnings.push(warningOf(row.line, entry.why));
      else stated.push(...entry.stated);
      if ('untitled' in entry && entry.untitled) {
        const title = entry.kind === 'expense' ? entry.expense.title : entry.payment.title;
        warnings.push(warningOf(row.line, say('csv_untitled', { title })));
      }
    } catch (error) {
      if (!(error instanceof LineProblem)) throw error;
      problems.push(say(error.code, { ...error.params, line: row.line }));
    }
  }
  if (problems.length === 0 && expenditures.length + payments.length === 0) {
    problems.push(say('csv_no_entries', { line: header.line }));
  }
  if (expenditures.length + payments.length > LIMITS.maxItems) {
    problems.push(say('csv_too_many_entries', { max: LIMITS.maxItems }));
  }
  if (problems.length > 0) throw csvProblem(problems);

  const currencyId = body.currency_id ?? mostUsedCurrency([...expenditures, ...payments]);
  if (!currencies.get(currencyId)) {
    throw csvProblem([say('csv_event_currency', { currency: currencyId })]);
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
    stated,
  };
}

/** Where the header is: the first of the file's first lines that starts with the fixed columns. */
function findHeader(lines: readonly CsvLine[]): number {
  const index = lines
    .slice(0, HEADER_SEARCH_LINES)
    .findIndex((line) => isSplitwiseHeader(line.cells));
  return index === -1 ? 0 : index;
}

/** True when the cells start with Splitwise's five fixed columns, in a language it writes. */
export function isSplitwiseHeader(cells: readonly string[]): boolean {
  const fixed = cells.slice(0, FIXED_COLUMNS.length).map((cell) => cell.trim().toLowerCase());
  return HEADERS.some((names) => names.every((name, index) => fixed[index] === name));
}

/** The people's names, from the columns after the five fixed ones. */
function readPeople(header: CsvLine): string[] {
  const line = header.line;
  if (!isSplitwiseHeader(header.cells)) {
    throw csvProblem([say('csv_splitwise_columns', { line })]);
  }
  const names = header.cells.slice(FIXED_COLUMNS.length);
  if (names.length === 0) throw csvProblem([say('csv_no_people', { line })]);
  if (names.length > LIMITS.maxPeople) {
    throw csvProblem([say('csv_too_many_people', { line, max: LIMITS.maxPeople })]);
  }
  const seen = new Set<string>();
  return names.map((cell, index) => {
    const column = FIXED_COLUMNS.length + index + 1;
    const parsed = personNameSchema.safeParse(cell);
    if (!parsed.success) {
      throw csvProblem([describeName(parsed.error.issues[0], line, column)]);
    }
    const key = nameKey(parsed.data);
    if (seen.has(key)) throw csvProblem([say('csv_name_twice', { line, name: parsed.data })]);
    seen.add(key);
    return parsed.data;
  });
}

/** What is wrong with a name, from the first issue the name's schema found. */
function describeName(issue: TextIssue | undefined, line: number, column: number): CodedMessage {
  if (issue?.code === 'too_small') return say('csv_name_empty', { line, column });
  if (issue?.code === 'too_big') {
    return say('csv_name_long', { line, column, max: LIMITS.personName });
  }
  const nul = issue?.message === SERVER_MESSAGES.no_nul;
  return say(nul ? 'csv_name_nul' : 'csv_name_invalid', { line, column });
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
  if (issue?.code === 'too_small') throw new LineProblem('csv_description_empty');
  const nul = issue?.message === SERVER_MESSAGES.no_nul;
  throw new LineProblem(nul ? 'csv_description_nul' : 'csv_description_invalid');
}

type Person = ImportPlan['people'][number];

type RowEntry =
  | { kind: 'expense'; expense: PlannedExpense; untitled: boolean }
  | { kind: 'payment'; payment: PlannedPayment; untitled: boolean }
  | { kind: 'total'; stated: StatedBalance[] }
  | { kind: 'skipped'; why: CodedMessage };

/** A row's title: its description, or its category (or "Splitwise") when it has none. */
function titleOf(description: string, category: string): { title: string; untitled: boolean } {
  if (description.trim() !== '') return { title: readTitle(description), untitled: false };
  const fallback = category.trim();
  return { title: readTitle(fallback === '' ? 'Splitwise' : fallback), untitled: true };
}

/**
 * Splitwise's sum of each person's amounts in one currency: a row without a cost, whatever its
 * description says ("Total balance", or what the person renamed it to).
 */
function readTotal(row: CsvLine, people: readonly Person[], currencies: CurrencyLookup) {
  const currencyId = (row.cells[4] ?? '').trim().toUpperCase();
  const known = currencies.get(currencyId);
  if (!known) return [];
  return people.map((person, index) => ({
    person_id: person.id,
    currency_id: currencyId,
    amount: readAmount(row.cells[FIXED_COLUMNS.length + index] ?? '', known.decimals, person.name),
  }));
}

function readRow(row: CsvLine, people: readonly Person[], currencies: CurrencyLookup): RowEntry {
  const [date = '', description = '', category = '', cost = '', currency = ''] = row.cells;
  if (cost.trim() === '' || description.trim().toLowerCase() === 'total balance') {
    return { kind: 'total', stated: readTotal(row, people, currencies) };
  }
  const { title, untitled } = titleOf(description, category);
  const day = date.trim().slice(0, 10);
  if (!isoDateSchema.safeParse(day).success) {
    throw new LineProblem('csv_date');
  }
  const currencyId = currency.trim().toUpperCase();
  const known = currencies.get(currencyId);
  if (!known) throw new LineProblem('csv_currency', { currency });
  const signed = readAmount(cost, known.decimals, null);
  if (signed === 0) throw new LineProblem('csv_cost_zero');
  // Splitwise writes a refund as a negative cost, with each person's amount turned: it is
  // money the group received, read as an income with the same lines as the expense it undoes.
  const kind = signed < 0 ? 'income' : 'expense';
  const amount = Math.abs(signed);
  if (amount > LIMITS.maxAmount) throw new LineProblem('csv_cost_large');
  const nets = people.map(({ name }, index) => {
    const net = readAmount(row.cells[FIXED_COLUMNS.length + index] ?? '', known.decimals, name);
    return kind === 'income' ? -net : net;
  });
  const sum = nets.reduce((total, net) => total + net, 0);
  if (sum !== 0) {
    throw new LineProblem('csv_sum', { sum: major(sum, known.decimals) });
  }
  const base = { title, date: day, amount, currency_id: currencyId };
  if (isSplitwisePayment(category)) {
    if (kind === 'income') throw new LineProblem('csv_cost_zero');
    return { kind: 'payment', payment: paymentOf(base, nets, people), untitled };
  }
  const expense = expenseOf(
    { ...base, kind },
    nets,
    people,
    categoryOfSplitwise(category),
    known.decimals,
  );
  if (!expense) {
    return { kind: 'skipped', why: say('csv_skipped', { title: base.title }) };
  }
  return { kind: 'expense', expense, untitled };
}

/** Minor units as the file writes them, for messages: "12.50". */
function major(minor: number, decimals: number): string {
  return formatAmountInput(minor, decimals, 'en');
}

/** A number as Splitwise writes it ("-20.00"): a dot decimal, no grouping. */
/** A cost (`name` null) or a person's amount, in minor units. */
function readAmount(cell: string, decimals: number, name: string | null): number {
  const trimmed = cell.trim();
  if (trimmed === '') return 0;
  const minor = NUMBER.test(trimmed) ? parseAmount(trimmed, decimals, 'en') : null;
  if (minor === null) {
    const decimalsProblem = NUMBER.test(trimmed);
    if (name === null)
      throw new LineProblem(decimalsProblem ? 'csv_cost_decimals' : 'csv_cost_number');
    throw new LineProblem(decimalsProblem ? 'csv_amount_decimals' : 'csv_amount_number', { name });
  }
  return minor;
}

type Base = Pick<PlannedExpense, 'title' | 'date' | 'amount' | 'currency_id'>;

function paymentOf(base: Base, nets: readonly number[], people: readonly Person[]): PlannedPayment {
  const from = nets.findIndex((net) => net > 0);
  const to = nets.findIndex((net) => net < 0);
  const others = nets.filter((net) => net !== 0).length;
  if (others !== 2 || nets[from] !== base.amount || nets[to] !== -base.amount) {
    throw new LineProblem('csv_payment_people');
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
  base: Base & Pick<PlannedExpense, 'kind'>,
  nets: readonly number[],
  people: readonly Person[],
  category: PlannedExpense['category'],
  decimals: number,
): PlannedExpense | null {
  const owed = nets.reduce((total, net) => total + Math.max(net, 0), 0);
  if (owed === 0) return null;
  if (owed > base.amount) {
    throw new LineProblem('csv_owed_exceeds', {
      owed: major(owed, decimals),
      cost: major(base.amount, decimals),
    });
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
export function mostUsedCurrency(entries: readonly { currency_id: string }[]): string {
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
export function ratesInto(
  currencyId: string,
  entries: readonly { currency_id: string }[],
  currencies: CurrencyLookup,
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
