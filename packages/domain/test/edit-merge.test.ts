import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EventMergeEntry,
  type ExpenseMergeEntry,
  eventMergeEntry,
  eventMergeRules,
  expenseMergeRules,
  type MergeRules,
  mergeEdit,
  type PaymentMergeEntry,
  paymentMergeRules,
  personMergeRules,
  ratesOfEventEntry,
  sameValue,
  settleConflicts,
} from '../src/index';

const ANA = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';
const CHLOE = '00000000-0000-4000-8000-00000000000c';
const DAN = '00000000-0000-4000-8000-00000000000d';

const rent: ExpenseMergeEntry = {
  title: 'Rent',
  desc: '',
  date: '2026-11-01',
  category: null,
  receipt_id: null,
  amount: 3000,
  currency_id: 'EUR',
  payer: [{ user_id: ANA, amount: 3000 }],
  split: { mode: 'evenly' },
  participant: [
    { user_id: ANA, amount: 1500 },
    { user_id: BEN, amount: 1500 },
  ],
};

/** An edit of one field of `entry`, in a way a form could make it (sums kept). */
function expenseEdit(entry: ExpenseMergeEntry, field: string, seed: number): ExpenseMergeEntry {
  switch (field) {
    case 'kind':
      // The base (a copy from before income existed) has no kind: either value is a change.
      return { ...entry, kind: seed % 2 ? 'income' : 'expense' };
    case 'title':
      return { ...entry, title: `Title ${seed}` };
    case 'desc':
      return { ...entry, desc: `Note ${seed}` };
    case 'date':
      return { ...entry, date: `2026-12-${String((seed % 28) + 1).padStart(2, '0')}` };
    case 'category':
      return { ...entry, category: seed % 2 ? 'food' : 'rent' };
    case 'receipt_id':
      return { ...entry, receipt_id: `00000000-0000-4000-8000-${String(seed).padStart(12, '0')}` };
    case 'attachments':
      return {
        ...entry,
        attachments: [`10000000-0000-4000-8000-${String(seed).padStart(12, '0')}`],
      };
    case 'amount': {
      const amount = entry.amount + seed + 1;
      const first = Math.floor(amount / 2);
      return {
        ...entry,
        amount,
        payer: [{ user_id: ANA, amount }],
        participant: [
          { user_id: ANA, amount: first },
          { user_id: BEN, amount: amount - first },
        ],
      };
    }
    case 'payer':
      return { ...entry, payer: [{ user_id: seed % 2 ? BEN : CHLOE, amount: entry.amount }] };
    default:
      return {
        ...entry,
        split: { mode: 'exact' },
        participant: [
          { user_id: ANA, amount: entry.amount - (seed % entry.amount) },
          { user_id: CHLOE, amount: seed % entry.amount },
        ],
      };
  }
}

const EXPENSE_FIELDS = Object.keys(expenseMergeRules.fields);

describe('mergeEdit of an expense', () => {
  it('keeps both changes when one device changed the amount and the other the title', () => {
    const amountEdit = expenseEdit(rent, 'amount', 1499);
    const titleEdit = { ...rent, title: 'Rent (November)' };
    // The amount's edit reached the server first; the title's comes second with its base.
    const { merged, conflicts, changed } = mergeEdit(
      expenseMergeRules,
      rent,
      titleEdit,
      amountEdit,
    );
    expect(conflicts).toEqual([]);
    expect(changed).toEqual(['title']);
    expect(merged).toEqual({ ...amountEdit, title: 'Rent (November)' });
  });

  it('refuses the same field changed to two values, naming it with its three values', () => {
    const mine = { ...rent, title: 'Rent A' };
    const theirs = { ...rent, title: 'Rent B' };
    expect(mergeEdit(expenseMergeRules, rent, mine, theirs).conflicts).toEqual([
      { field: 'title', base: 'Rent', mine: 'Rent A', theirs: 'Rent B' },
    ]);
  });

  it('takes the same change made on both sides as no conflict', () => {
    const both = { ...rent, date: '2026-11-02' };
    const result = mergeEdit(expenseMergeRules, rent, both, both);
    expect(result.conflicts).toEqual([]);
    expect(result.changed).toEqual([]);
  });

  it('refuses a new amount on one side with new shares on the other, as they no longer add up', () => {
    const mine = expenseEdit(rent, 'amount', 999);
    const theirs = expenseEdit(rent, 'split', 700);
    const fields = mergeEdit(expenseMergeRules, rent, mine, theirs).conflicts.map((c) => c.field);
    expect(fields).toEqual(['amount', 'payer', 'split']);
  });

  it('merges a change of payer on one side with a change of shares on the other', () => {
    const mine = expenseEdit(rent, 'payer', 1);
    const theirs = expenseEdit(rent, 'split', 700);
    const { merged, conflicts } = mergeEdit(expenseMergeRules, rent, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged.payer).toEqual(mine.payer);
    expect(merged.participant).toEqual(theirs.participant);
  });

  it('every pair of fields changed on two sides is merged, or refused naming the field', () => {
    for (const mineField of EXPENSE_FIELDS) {
      for (const theirsField of EXPENSE_FIELDS) {
        const mine = expenseEdit(rent, mineField, 3);
        const theirs = expenseEdit(rent, theirsField, 8);
        const { merged, conflicts } = mergeEdit(expenseMergeRules, rent, mine, theirs);
        if (mineField === theirsField) {
          expect(conflicts.map((c) => c.field)).toContain(mineField);
          continue;
        }
        if (conflicts.length > 0) {
          // Only the money fields can clash across fields, and then both are named.
          expect(conflicts.map((c) => c.field)).toEqual(
            expect.arrayContaining([mineField, theirsField]),
          );
          continue;
        }
        const properties = expenseMergeRules.fields[mineField] ?? [];
        for (const property of properties) expect(merged[property]).toEqual(mine[property]);
        const theirProperties = expenseMergeRules.fields[theirsField] ?? [];
        for (const property of theirProperties) expect(merged[property]).toEqual(theirs[property]);
      }
    }
  });
});

/** Two edits of different fields of `base`, each a whole entry as a device would send it. */
function twoEditsArb<T extends object>(
  rules: MergeRules<T>,
  base: T,
  edit: (entry: T, field: string, seed: number) => T,
) {
  const fields = Object.keys(rules.fields);
  return fc
    .tuple(
      fc.subarray(fields, { minLength: 1 }),
      fc.subarray(fields, { minLength: 1 }),
      fc.nat(10_000),
      fc.nat(10_000),
    )
    .map(([a, b, seedA, seedB]) => ({
      a: a.reduce((entry, field) => edit(entry, field, seedA), base),
      b: b.reduce((entry, field) => edit(entry, field, seedB), base),
    }));
}

/** Applies two edits one after the other, as a server does; null when one is refused. */
function applyInOrder<T extends object>(rules: MergeRules<T>, base: T, first: T, second: T) {
  const afterFirst = mergeEdit(rules, base, first, base);
  if (afterFirst.conflicts.length > 0) return null;
  const afterSecond = mergeEdit(rules, base, second, afterFirst.merged);
  return afterSecond.conflicts.length > 0 ? null : afterSecond.merged;
}

describe('mergeEdit, whatever the order', () => {
  it('two expense edits that do not conflict give the same expense in either order', () => {
    fc.assert(
      fc.property(twoEditsArb(expenseMergeRules, rent, expenseEdit), ({ a, b }) => {
        const ab = applyInOrder(expenseMergeRules, rent, a, b);
        const ba = applyInOrder(expenseMergeRules, rent, b, a);
        expect(ab === null).toBe(ba === null);
        if (ab && ba) expect(sameValue(ab, ba)).toBe(true);
      }),
    );
  });

  it('a merged expense always adds up: payers and shares sum to the amount', () => {
    fc.assert(
      fc.property(twoEditsArb(expenseMergeRules, rent, expenseEdit), ({ a, b }) => {
        const merged = applyInOrder(expenseMergeRules, rent, a, b);
        if (!merged) return;
        const sum = (lines: readonly { amount: number }[]) =>
          lines.reduce((total, line) => total + line.amount, 0);
        expect(sum(merged.payer)).toBe(merged.amount);
        expect(sum(merged.participant)).toBe(merged.amount);
      }),
    );
  });

  it('two payment edits that do not conflict give the same payment in either order', () => {
    const payment: PaymentMergeEntry = {
      date: '2026-11-01',
      title: 'Settle up',
      payer_id: BEN,
      payee_id: ANA,
      amount: 1500,
      currency_id: 'EUR',
      percentage: null,
    };
    const edit = (entry: PaymentMergeEntry, field: string, seed: number): PaymentMergeEntry => {
      if (field === 'amount')
        return { ...entry, amount: entry.amount + seed + 1, currency_id: 'USD' };
      if (field === 'payer_id') return { ...entry, payer_id: CHLOE };
      if (field === 'payee_id') return { ...entry, payee_id: seed % 2 ? CHLOE : DAN };
      if (field === 'percentage') return { ...entry, percentage: seed % 101 };
      if (field === 'attachments') return { ...entry, attachments: [`file-${seed}`] };
      if (field === 'date')
        return { ...entry, date: `2026-10-${String((seed % 28) + 1).padStart(2, '0')}` };
      return { ...entry, title: `Paid ${seed}` };
    };
    fc.assert(
      fc.property(twoEditsArb(paymentMergeRules, payment, edit), ({ a, b }) => {
        const ab = applyInOrder(paymentMergeRules, payment, a, b);
        const ba = applyInOrder(paymentMergeRules, payment, b, a);
        expect(ab === null).toBe(ba === null);
        if (ab && ba) {
          expect(sameValue(ab, ba)).toBe(true);
          expect(ab.payer_id).not.toBe(ab.payee_id);
        }
      }),
    );
  });
});

describe('settleConflicts', () => {
  it("'keep mine' makes the device's values win; 'keep theirs' keeps the other side's, and the rest of the edit stays", () => {
    const mine = { ...rent, title: 'Rent A', desc: 'paid by card' };
    const theirs = { ...rent, title: 'Rent B', date: '2026-11-03' };
    const { conflicts } = mergeEdit(expenseMergeRules, rent, mine, theirs);

    const keptMine = settleConflicts(expenseMergeRules, { base: rent, mine }, conflicts, 'mine');
    const resultMine = mergeEdit(expenseMergeRules, keptMine.base, keptMine.mine, theirs);
    expect(resultMine.conflicts).toEqual([]);
    expect(resultMine.merged).toMatchObject({
      title: 'Rent A',
      desc: 'paid by card',
      date: '2026-11-03',
    });

    const keptTheirs = settleConflicts(
      expenseMergeRules,
      { base: rent, mine },
      conflicts,
      'theirs',
    );
    const resultTheirs = mergeEdit(expenseMergeRules, keptTheirs.base, keptTheirs.mine, theirs);
    expect(resultTheirs.conflicts).toEqual([]);
    expect(resultTheirs.merged).toMatchObject({
      title: 'Rent B',
      desc: 'paid by card',
      date: '2026-11-03',
    });
  });

  it("settles the money fields as one: either side's amount, payers and shares together", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...EXPENSE_FIELDS),
        fc.constantFrom(...EXPENSE_FIELDS),
        fc.nat(5_000),
        fc.nat(5_000),
        fc.constantFrom('mine' as const, 'theirs' as const),
        (mineField, theirsField, seedA, seedB, keep) => {
          const mine = expenseEdit(rent, mineField, seedA);
          const theirs = expenseEdit(rent, theirsField, seedB);
          const { conflicts } = mergeEdit(expenseMergeRules, rent, mine, theirs);
          const settled = settleConflicts(expenseMergeRules, { base: rent, mine }, conflicts, keep);
          const again = mergeEdit(expenseMergeRules, settled.base, settled.mine, theirs);
          expect(again.conflicts).toEqual([]);
          const sum = (lines: readonly { amount: number }[]) =>
            lines.reduce((total, line) => total + line.amount, 0);
          expect(sum(again.merged.participant)).toBe(again.merged.amount);
          expect(sum(again.merged.payer)).toBe(again.merged.amount);
        },
      ),
    );
  });
});

describe('people and events', () => {
  it('a rename on both sides to different names is a conflict on the name', () => {
    const result = mergeEdit(
      personMergeRules,
      { name: 'Dan' },
      { name: 'Daniel' },
      { name: 'Danny' },
    );
    expect(result.conflicts.map((c) => c.field)).toEqual(['name']);
  });

  it('each exchange rate merges on its own: one device adds USD while another changes GBP', () => {
    const settings = {
      name: 'Trip',
      desc: '',
      image: null,
      currency_id: 'EUR',
      currency_rates: [{ currency_id: 'GBP', exchange_rate: 1.15 }],
    };
    const base = eventMergeEntry(settings);
    const mine = eventMergeEntry({
      ...settings,
      currency_rates: [...settings.currency_rates, { currency_id: 'USD', exchange_rate: 0.92 }],
    });
    const theirs = eventMergeEntry({
      ...settings,
      name: 'Trip to York',
      currency_rates: [{ currency_id: 'GBP', exchange_rate: 1.17 }],
    });
    const rules = eventMergeRules(base, mine, theirs);
    const { merged, conflicts } = mergeEdit<EventMergeEntry>(rules, base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged.name).toBe('Trip to York');
    expect(ratesOfEventEntry(merged)).toEqual([
      { currency_id: 'GBP', exchange_rate: 1.17 },
      { currency_id: 'USD', exchange_rate: 0.92 },
    ]);
  });

  it('a rate removed on one side and changed on the other is a conflict naming that rate', () => {
    const settings = {
      name: 'Trip',
      desc: '',
      image: null,
      currency_id: 'EUR',
      currency_rates: [{ currency_id: 'GBP', exchange_rate: 1.15 }],
    };
    const base = eventMergeEntry(settings);
    const mine = eventMergeEntry({ ...settings, currency_rates: [] });
    const theirs = eventMergeEntry({
      ...settings,
      currency_rates: [{ currency_id: 'GBP', exchange_rate: 1.2 }],
    });
    const { conflicts } = mergeEdit(eventMergeRules(base, mine, theirs), base, mine, theirs);
    expect(conflicts).toEqual([
      { field: 'currency_rates.GBP', base: 1.15, mine: null, theirs: 1.2 },
    ]);
  });
});
