import { categoryOfSplitwise } from '../splitwise-categories';
import {
  type BookEntry,
  currencyOf,
  dayOf,
  FileProblem,
  type ForeignBook,
  Problems,
  type ReadContext,
} from './book';
import { type FileFormat, isRecord, type SniffedFile, textOf } from './format';
import { type SpliitSplitMode, spliitShares } from './spliit-shares';

const SPLIT_MODES: readonly SpliitSplitMode[] = [
  'EVENLY',
  'BY_SHARES',
  'BY_PERCENTAGE',
  'BY_AMOUNT',
];

/**
 * Spliit's JSON group export (its `expenses/export/json` route: the group as its database holds
 * it): amounts in minor units of the group currency, each expense paid by one participant and
 * shared by `paidFor` in its split mode, reimbursements as expenses marked so.
 */
export const spliitJson: FileFormat = {
  id: 'spliit-json',
  identify: ({ json }) =>
    isRecord(json) &&
    Array.isArray(json.participants) &&
    Array.isArray(json.expenses) &&
    ('currencyCode' in json || 'currency' in json),
  read: (file, context) => readSpliitJson(file, context),
};

function readSpliitJson(file: SniffedFile, { currencies, fields }: ReadContext): ForeignBook {
  const group = isRecord(file.json) ? file.json : {};
  const problems = new Problems();
  const participants = (group.participants as unknown[]).filter(isRecord);
  const nameOf = new Map(participants.map((p) => [textOf(p.id), textOf(p.name)]));
  const currencyId =
    currencyOf(textOf(group.currencyCode), currencies) ??
    currencyOf(textOf(group.currency), currencies) ??
    fields.currency_id ??
    null;
  const entries: BookEntry[] = [];
  (group.expenses as unknown[]).forEach((raw, index) => {
    const where = { path: `expenses.${index}` };
    const entry = problems.catching(() =>
      readExpense(raw, where, { nameOf, currencyId: currencyId ?? 'EUR' }),
    );
    if (entry) entries.push(entry);
  });
  problems.throwIfAny();
  return {
    source: 'spliit',
    format: 'spliit-json',
    name: textOf(group.name) || null,
    currencyId,
    people: participants.map((p) => ({ name: textOf(p.name), weight: 1 })),
    entries,
    warnings: [],
  };
}

function readExpense(
  raw: unknown,
  where: { path: string },
  group: { nameOf: ReadonlyMap<string, string>; currencyId: string },
): BookEntry {
  if (!isRecord(raw)) throw new FileProblem(where, 'import_entry_unreadable');
  const amount = raw.amount;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount === 0) {
    throw new FileProblem(where, 'import_entry_amount');
  }
  const date = dayOf(raw.expenseDate);
  if (!date) throw new FileProblem(where, 'import_entry_date');
  const splitMode = SPLIT_MODES.find((mode) => mode === raw.splitMode) ?? 'EVENLY';
  const paidFor = (Array.isArray(raw.paidFor) ? raw.paidFor : []).filter(isRecord).map((line) => ({
    participantId: textOf(line.participantId),
    shares: typeof line.shares === 'number' ? line.shares : 0,
  }));
  const person = (id: string) => {
    const name = group.nameOf.get(id);
    if (name === undefined) throw new FileProblem(where, 'import_entry_person', { name: id });
    return name;
  };
  const shares = spliitShares({ id: textOf(raw.id) || null, amount, splitMode, paidFor });
  // Money received (a negative amount) is an income: each share turned positive.
  const sign = Math.sign(amount);
  const amounts = new Map<string, number>();
  for (const [id, share] of shares) {
    const name = person(id);
    amounts.set(name, (amounts.get(name) ?? 0) + share * sign);
  }
  const category = isRecord(raw.category) ? textOf(raw.category.name) : '';
  return {
    where,
    kind: raw.isReimbursement === true ? 'payment' : sign < 0 ? 'income' : 'expense',
    title: textOf(raw.title),
    desc: textOf(raw.notes),
    date,
    currencyId: group.currencyId,
    amount: Math.abs(amount),
    paid: new Map([[person(textOf(raw.paidById)), Math.abs(amount)]]),
    shares: { by: 'amounts', amounts },
    category: category ? categoryOfSplitwise(category) : null,
  };
}
