import { allocate } from '@quits/domain';
import {
  type BookEntry,
  currencyOf,
  dayOf,
  FileProblem,
  type ForeignBook,
  minorOf,
  Problems,
  type ReadContext,
} from './book';
import { type FileFormat, isRecord, type SniffedFile, textOf } from './format';

/** How deep clearing accounts may pass their shares on to other clearing accounts. */
const MAX_CLEARING_DEPTH = 10;

/**
 * Abrechnung's group export (`GroupJsonExportV1`, version 1): personal accounts (people),
 * clearing accounts ("events", whose balance goes on to accounts by `clearing_shares`), and
 * transactions — `purchase`, `transfer` or `mimo` — each with creditor and debitor shares and,
 * for a purchase, item positions billed by their usages. Values are in the transaction's
 * currency; times `currency_conversion_rate` they are in the group's (its
 * `computeTransactionBalanceEffect`). The import keeps the group's currency and splits every part
 * in minor units with the domain's split.
 */
export const abrechnungJson: FileFormat = {
  id: 'abrechnung-json',
  identify: ({ json }) =>
    isRecord(json) &&
    json.version === 1 &&
    isRecord(json.metadata) &&
    Array.isArray(json.personal_accounts),
  read: (file, context) => readAbrechnung(file, context),
};

type Shares = Map<string, number>;

interface Accounts {
  names: ReadonlyMap<string, string>;
  clearing: ReadonlyMap<string, Shares>;
}

function sharesOf(value: unknown): Shares {
  const shares = new Map<string, number>();
  if (!isRecord(value)) return shares;
  for (const [id, share] of Object.entries(value)) {
    if (typeof share === 'number' && Number.isFinite(share) && share > 0) shares.set(id, share);
  }
  return shares;
}

function readAbrechnung(file: SniffedFile, { currencies, fields }: ReadContext): ForeignBook {
  const dump = isRecord(file.json) ? file.json : {};
  const metadata = isRecord(dump.metadata) ? dump.metadata : {};
  const personal = (dump.personal_accounts as unknown[]).filter(isRecord);
  const events = (Array.isArray(dump.events) ? dump.events : []).filter(isRecord);
  const accounts: Accounts = {
    names: new Map(personal.map((account) => [textOf(account.id), textOf(account.name)])),
    clearing: new Map(events.map((event) => [textOf(event.id), sharesOf(event.clearing_shares)])),
  };
  const currencyId =
    currencyOf(textOf(metadata.currency_identifier), currencies) ?? fields.currency_id ?? 'EUR';
  const decimals = currencies.get(currencyId)?.decimals ?? 2;
  const problems = new Problems();
  const entries: BookEntry[] = [];
  const transactions = Array.isArray(dump.transactions) ? dump.transactions : [];
  transactions.forEach((raw, index) => {
    if (problems.full) return;
    const where = { path: `transactions.${index}` };
    const entry = problems.catching(() =>
      readTransaction(raw, where, accounts, currencyId, decimals),
    );
    if (entry) entries.push(entry);
  });
  problems.throwIfAny();
  return {
    source: 'abrechnung',
    format: 'abrechnung-json',
    name: textOf(metadata.name) || null,
    currencyId,
    people: personal.map((account) => ({ name: textOf(account.name), weight: 1 })),
    entries,
    warnings: [],
  };
}

/** `amount` split by `shares` (weights), added into `into` by account id. */
function addSplit(into: Map<string, number>, amount: number, shares: Shares, tieKey: string): void {
  if (amount === 0 || shares.size === 0) return;
  const split = allocate(
    amount,
    [...shares].map(([id, weight]) => ({ id, weight })),
    tieKey,
  );
  for (const [id, part] of split) into.set(id, (into.get(id) ?? 0) + part);
}

/** Amounts by account made amounts by person: a clearing account's passed on by its shares. */
function toPeople(amounts: Map<string, number>, accounts: Accounts, where: { path: string }) {
  let current = amounts;
  for (let depth = 0; depth < MAX_CLEARING_DEPTH; depth += 1) {
    const next = new Map<string, number>();
    let passed = false;
    for (const [id, amount] of current) {
      const clearing = accounts.clearing.get(id);
      if (clearing && clearing.size > 0) {
        addSplit(next, amount, clearing, `${where.path}:${id}`);
        passed = true;
      } else {
        next.set(id, (next.get(id) ?? 0) + amount);
      }
    }
    current = next;
    if (!passed) break;
  }
  const byName = new Map<string, number>();
  for (const [id, amount] of current) {
    const name = accounts.names.get(id);
    if (name === undefined) throw new FileProblem(where, 'import_entry_person', { name: id });
    byName.set(name, (byName.get(name) ?? 0) + amount);
  }
  return byName;
}

function readTransaction(
  raw: unknown,
  where: { path: string },
  accounts: Accounts,
  currencyId: string,
  decimals: number,
): BookEntry {
  if (!isRecord(raw)) throw new FileProblem(where, 'import_entry_unreadable');
  const date = dayOf(raw.billed_at);
  if (!date) throw new FileProblem(where, 'import_entry_date');
  const rate = typeof raw.currency_conversion_rate === 'number' ? raw.currency_conversion_rate : 1;
  const value = typeof raw.value === 'number' ? raw.value : Number.NaN;
  // In the group's currency, as Abrechnung adds it up: value times the conversion rate.
  const total = minorOf(value * rate, decimals);
  if (total === null || total === 0) throw new FileProblem(where, 'import_entry_amount');
  const sign = Math.sign(total);
  const amount = Math.abs(total);
  const debits = new Map<string, number>();
  let remaining = amount;
  const positions = Array.isArray(raw.positions) ? raw.positions.filter(isRecord) : [];
  positions.forEach((position, index) => {
    if (position.deleted === true) return;
    const price = minorOf(
      (typeof position.price === 'number' ? position.price : 0) * rate,
      decimals,
    );
    if (price === null || price === 0) return;
    const usages = sharesOf(position.usages);
    const communist = typeof position.communist_shares === 'number' ? position.communist_shares : 0;
    if (communist > 0) usages.set('\u0000communist', communist);
    if (usages.size === 0) return;
    const part = new Map<string, number>();
    addSplit(part, Math.abs(price), usages, `${where.path}.positions.${index}`);
    // What the communal share of an item costs stays with the transaction's debitors.
    const communal = part.get('\u0000communist') ?? 0;
    part.delete('\u0000communist');
    for (const [id, share] of part) debits.set(id, (debits.get(id) ?? 0) + share);
    remaining -= Math.abs(price) - communal;
  });
  const debitors = sharesOf(raw.debitor_shares);
  if (raw.split_mode === 'absolute') {
    const given = new Map<string, number>();
    for (const [id, share] of debitors) given.set(id, minorOf(share * rate, decimals) ?? 0);
    const sum = [...given.values()].reduce((a, b) => a + b, 0);
    if (sum !== remaining) throw new FileProblem(where, 'import_entry_shares_sum');
    for (const [id, share] of given) debits.set(id, (debits.get(id) ?? 0) + share);
  } else {
    addSplit(debits, remaining, debitors, where.path);
  }
  const credits = new Map<string, number>();
  addSplit(credits, amount, sharesOf(raw.creditor_shares), `${where.path}:creditors`);
  const type = textOf(raw.type);
  return {
    where,
    kind: type === 'transfer' ? 'payment' : sign < 0 ? 'income' : 'expense',
    title: textOf(raw.name),
    desc: textOf(raw.description),
    date,
    currencyId,
    amount,
    paid: toPeople(credits, accounts, where),
    shares: { by: 'amounts', amounts: toPeople(debits, accounts, where) },
    category: null,
  };
}
