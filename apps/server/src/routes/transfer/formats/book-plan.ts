import { randomUUID } from 'node:crypto';
import { LIMITS, nameKey, personNameSchema, requiredText, truncateText } from '@quits/contract';
import { allocate } from '@quits/domain';
import { say } from '@server/http/http-error';
import type { ImportPlan, PlannedExpense, PlannedLine, PlannedPayment } from '../import-plan';
import { warningOf } from '../import-plan';
import { mostUsedCurrency, ratesInto } from '../splitwise-import';
import {
  type BookEntry,
  FileProblem,
  type ForeignBook,
  Problems,
  type ReadContext,
  type Where,
} from './book';

const titleText = requiredText(LIMITS.title);
const descText = LIMITS.description;

type People = ReadonlyMap<string, { id: string; name: string }>;

/**
 * The event a foreign file makes: its people under new ids, each entry checked as Quits checks
 * a typed one, every share split by the domain's one split function. Payments to several people
 * become one payment each. Answers the plan, or throws one 422 naming every problem's place.
 */
export function planFromBook(book: ForeignBook, context: ReadContext): ImportPlan {
  const { currencies, fields } = context;
  const problems = new Problems();
  const people = planPeople(book, problems);
  problems.throwIfAny();

  // The event's currency: asked for, else the file's, else the one most entries are in.
  const fromFile = book.currencyId && currencies.get(book.currencyId) ? book.currencyId : null;
  const named = book.entries.filter((entry) => entry.currencyId !== '');
  const currencyId =
    fields.currency_id ??
    fromFile ??
    mostUsedCurrency(named.map((entry) => ({ currency_id: entry.currencyId })));
  if (!currencies.get(currencyId)) {
    problems.add(new FileProblem(null, 'csv_event_currency', { currency: currencyId }));
    problems.throwIfAny();
  }

  const expenditures: PlannedExpense[] = [];
  const payments: PlannedPayment[] = [];
  for (const read of book.entries) {
    if (problems.full) break;
    // An entry of a file that names no currency is in the event's.
    const entry = read.currencyId === '' ? { ...read, currencyId } : read;
    problems.catching(() => {
      if (!currencies.get(entry.currencyId)) {
        throw new FileProblem(entry.where, 'import_entry_currency', { currency: entry.currencyId });
      }
      if (entry.amount <= 0 || entry.amount > LIMITS.maxAmount) {
        throw new FileProblem(entry.where, 'import_entry_amount');
      }
      if (entry.kind === 'payment') payments.push(...paymentsOf(entry, people));
      else expenditures.push(expenseOf(entry, people));
    });
  }
  if (expenditures.length + payments.length > LIMITS.maxItems) {
    problems.add(new FileProblem(null, 'csv_too_many_entries', { max: LIMITS.maxItems }));
  }
  if (expenditures.length + payments.length === 0 && !problems.full) {
    problems.add(new FileProblem(null, 'import_no_entries'));
  }
  problems.throwIfAny();

  const warnings = [...book.warnings];
  const all = [...expenditures, ...payments];
  if (!fields.currency_id && !fromFile && named.length === 0) {
    warnings.push(warningOf(null, say('import_currency_guessed', { currency: currencyId })));
  }
  return {
    source: book.source,
    format: book.format,
    event: {
      name: fields.name ?? truncateText(book.name?.trim() || 'Import', LIMITS.eventName),
      desc: '',
      image: null,
      currency_id: currencyId,
      currency_rates: ratesInto(currencyId, all, currencies),
    },
    people: [...people.values()].map(({ id, name }) => ({
      id,
      name,
      presence: [],
      defaultWeight:
        book.people.find((person) => nameKey(person.name) === nameKey(name))?.weight ?? 1,
    })),
    expenditures,
    payments,
    warnings,
  };
}

/** The file's people by their name's key, each checked as a typed name is. */
function planPeople(book: ForeignBook, problems: Problems): People {
  const people = new Map<string, { id: string; name: string }>();
  if (book.people.length > LIMITS.maxPeople) {
    problems.add(new FileProblem(null, 'import_too_many_people', { max: LIMITS.maxPeople }));
    return people;
  }
  for (const person of book.people) {
    const parsed = personNameSchema.safeParse(person.name.trim());
    if (!parsed.success) {
      problems.add(new FileProblem(null, 'import_person_name', { name: person.name }));
      continue;
    }
    const key = nameKey(parsed.data);
    if (!people.has(key)) people.set(key, { id: randomUUID(), name: parsed.data });
  }
  return people;
}

function idOf(people: People, name: string, where: Where): string {
  const person = people.get(nameKey(name.trim()));
  if (!person) throw new FileProblem(where, 'import_entry_person', { name });
  return person.id;
}

/** Lines of `amount` by the entry's shares: given amounts as they are, weights split exactly. */
function shareLines(entry: BookEntry, people: People, tieKey: string): PlannedLine[] {
  const { shares } = entry;
  if (shares.by === 'amounts') {
    const lines = [...shares.amounts].map(([name, amount]) => ({
      user_id: idOf(people, name, entry.where),
      amount,
    }));
    const sum = lines.reduce((total, line) => total + line.amount, 0);
    if (sum !== entry.amount) throw new FileProblem(entry.where, 'import_entry_shares_sum');
    return merged(lines.filter((line) => line.amount !== 0));
  }
  const weights = [...shares.weights]
    .filter(([, weight]) => weight > 0)
    .map(([name, weight]) => ({ id: idOf(people, name, entry.where), weight }));
  if (weights.length === 0) throw new FileProblem(entry.where, 'import_entry_nobody');
  const split = allocate(entry.amount, mergedWeights(weights), tieKey);
  return [...split].map(([user_id, amount]) => ({ user_id, amount }));
}

/** One line per person (a file may name someone twice). */
function merged(lines: readonly PlannedLine[]): PlannedLine[] {
  const sums = new Map<string, number>();
  for (const line of lines) sums.set(line.user_id, (sums.get(line.user_id) ?? 0) + line.amount);
  return [...sums].map(([user_id, amount]) => ({ user_id, amount }));
}

function mergedWeights(weights: readonly { id: string; weight: number }[]) {
  return merged(weights.map(({ id, weight }) => ({ user_id: id, amount: weight }))).map(
    ({ user_id, amount }) => ({ id: user_id, weight: amount }),
  );
}

function paidLines(entry: BookEntry, people: People): PlannedLine[] {
  const lines = merged(
    [...entry.paid].map(([name, amount]) => ({ user_id: idOf(people, name, entry.where), amount })),
  ).filter((line) => line.amount !== 0);
  if (lines.length === 0) throw new FileProblem(entry.where, 'import_entry_no_payer');
  const sum = lines.reduce((total, line) => total + line.amount, 0);
  if (sum !== entry.amount) throw new FileProblem(entry.where, 'import_entry_shares_sum');
  return lines;
}

function titleOf(entry: BookEntry): string {
  const title = titleText.safeParse(truncateText(entry.title.trim(), LIMITS.title));
  return title.success ? title.data : truncateText(entry.category ?? 'Import', LIMITS.title);
}

function expenseOf(entry: BookEntry, people: People): PlannedExpense {
  const id = randomUUID();
  return {
    id,
    kind: entry.kind === 'income' ? 'income' : 'expense',
    title: titleOf(entry),
    desc: truncateText(entry.desc.trim(), descText),
    date: entry.date,
    amount: entry.amount,
    currency_id: entry.currencyId,
    category: entry.category,
    split: { mode: 'exact' },
    payer: paidLines(entry, people),
    participant: shareLines(entry, people, id),
    author: null,
    rate: null,
    createdAt: null,
  };
}

/** A payment from its one payer to each person it went to. */
function paymentsOf(entry: BookEntry, people: People): PlannedPayment[] {
  const payers = paidLines(entry, people);
  const [payer] = payers;
  if (!payer || payers.length > 1) throw new FileProblem(entry.where, 'import_entry_no_payer');
  return shareLines(entry, people, randomUUID())
    .filter((line) => line.user_id !== payer.user_id && line.amount > 0)
    .map((line) => ({
      id: randomUUID(),
      title: titleOf(entry),
      date: entry.date,
      payer_id: payer.user_id,
      payee_id: line.user_id,
      amount: line.amount,
      currency_id: entry.currencyId,
      percentage: null,
      createdAt: null,
    }));
}
