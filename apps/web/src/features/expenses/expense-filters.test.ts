import { CATEGORIES, type Expenditure, type User } from '@quits/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  type ExpenseFilters,
  filtersFromSearch,
  NO_FILTERS,
  searchOfFilters,
} from './expense-filters';
import { expenseRows, newestFirst } from './expense-rows';

const ANA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';
const CHLOE = '33333333-3333-4333-8333-333333333333';
const people: User[] = [
  { id: ANA, name: 'Ana' },
  { id: BEN, name: 'Ben' },
  { id: CHLOE, name: 'Chloé' },
] as User[];

let serial = 0;
function expense(fields: Partial<Expenditure>): Expenditure {
  serial += 1;
  const amount = fields.amount ?? 3000;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    event_id: 'flat-event-id-000000001',
    user_id: null,
    title: 'Something',
    desc: '',
    date: '2026-03-01',
    amount,
    currency_id: 'EUR',
    category: null,
    split: { mode: 'evenly' },
    payer: [{ user_id: ANA, amount }],
    participant: [{ user_id: BEN, amount }],
    receipt_id: null,
    created_at: `2026-03-01T10:00:${String(serial % 60).padStart(2, '0')}.000Z`,
    updated_at: '2026-03-01T10:00:00.000Z',
    deleted_at: null,
    ...fields,
  };
}

// USD counts at 0.5 EUR; JPY has no rate.
const inEuros = (entry: Expenditure): number | null =>
  entry.currency_id === 'EUR'
    ? entry.amount
    : entry.currency_id === 'USD'
      ? entry.amount / 2
      : null;

const list = [
  expense({
    title: 'Rent',
    desc: 'March, by transfer',
    date: '2026-03-01',
    amount: 90000,
    category: 'accommodation',
  }),
  expense({
    title: 'Taxi',
    date: '2026-03-05',
    amount: 2400,
    category: 'transport',
    payer: [{ user_id: BEN, amount: 2400 }],
    participant: [
      { user_id: ANA, amount: 1200 },
      { user_id: CHLOE, amount: 1200 },
    ],
  }),
  expense({
    title: 'Museum',
    date: '2026-03-07',
    amount: 3000,
    currency_id: 'USD',
    category: 'activities',
  }),
  expense({
    title: 'Sushi',
    date: '2026-03-09',
    amount: 4000,
    currency_id: 'JPY',
    category: 'food',
  }),
  expense({
    title: 'Groceries',
    desc: 'taxi home with the bags',
    date: '2026-03-09',
    amount: 5550,
    category: 'groceries',
  }),
];
const ordered = newestFirst(list);
const titles = (filters: Partial<ExpenseFilters>) =>
  expenseRows(ordered, people, { ...NO_FILTERS, ...filters }, inEuros).rows.flatMap((row) =>
    row.kind === 'expense' ? [row.expense.title] : [],
  );

describe('the expense list filters', () => {
  it('shows everything, newest first, with a total in the event currency, without a filter', () => {
    const view = expenseRows(ordered, people, NO_FILTERS, inEuros);
    expect(view.count).toBe(5);
    expect(
      view.rows.filter((row) => row.kind === 'date').map((row) => row.kind === 'date' && row.date),
    ).toEqual(['2026-03-09', '2026-03-07', '2026-03-05', '2026-03-01']);
    // The yen expense has no rate: counted apart, never as yen in a euro sum.
    expect(view.total).toBe(90000 + 2400 + 1500 + 5550);
    expect(view.unconverted).toBe(1);
  });

  it('searches titles and notes, ignoring case', () => {
    expect(titles({ search: 'TAXI' })).toEqual(['Groceries', 'Taxi']);
    expect(titles({ search: 'by transfer' })).toEqual(['Rent']);
  });

  it('narrows by person, as payer, as participant, or either', () => {
    expect(titles({ personId: BEN })).toEqual(['Groceries', 'Sushi', 'Museum', 'Taxi', 'Rent']);
    expect(titles({ personId: BEN, role: 'paid' })).toEqual(['Taxi']);
    expect(titles({ personId: CHLOE, role: 'shared' })).toEqual(['Taxi']);
    expect(titles({ personId: CHLOE, role: 'paid' })).toEqual([]);
  });

  it('narrows by categories, dates (both ends included), currency and amount in the event currency', () => {
    expect(titles({ categories: ['transport', 'food'] })).toEqual(['Sushi', 'Taxi']);
    expect(titles({ from: '2026-03-05', to: '2026-03-07' })).toEqual(['Museum', 'Taxi']);
    expect(titles({ currencyId: 'USD' })).toEqual(['Museum']);
    // The museum's $30.00 counts as €15.00; the sushi has no rate, so no range can hold it.
    expect(titles({ min: 1500, max: 2400 })).toEqual(['Museum', 'Taxi']);
    expect(titles({ min: 0 })).not.toContain('Sushi');
  });

  it('counts money received against the total: a 100.00 refund lowers it by 100.00', () => {
    const refund = expense({
      title: 'Deposit back',
      date: '2026-03-03',
      amount: 10000,
      kind: 'income',
    });
    const view = expenseRows(newestFirst([...list, refund]), people, NO_FILTERS, inEuros);
    expect(view.count).toBe(6);
    expect(view.total).toBe(90000 + 2400 + 1500 + 5550 - 10000);
    // An amount range reads the income's own amount, as entered.
    const ranged = expenseRows(
      newestFirst([...list, refund]),
      people,
      { ...NO_FILTERS, min: 9000, max: 11000 },
      inEuros,
    );
    expect(
      ranged.rows.flatMap((row) => (row.kind === 'expense' ? [row.expense.title] : [])),
    ).toEqual(['Deposit back']);
  });

  it('adds up exactly what it shows', () => {
    fc.assert(
      fc.property(
        fc.record({
          categories: fc.subarray([...CATEGORIES]),
          personId: fc.constantFrom('', ANA, BEN, CHLOE),
          role: fc.constantFrom('any' as const, 'paid' as const, 'shared' as const),
          min: fc.option(fc.integer({ min: 0, max: 100000 }), { nil: null }),
        }),
        (filters) => {
          const view = expenseRows(ordered, people, { ...NO_FILTERS, ...filters }, inEuros);
          const shown = view.rows.flatMap((row) => (row.kind === 'expense' ? [row.expense] : []));
          expect(view.count).toBe(shown.length);
          const sum = shown.reduce((total, entry) => total + (inEuros(entry) ?? 0), 0);
          expect(view.total).toBe(sum);
          expect(view.unconverted).toBe(shown.filter((entry) => inEuros(entry) === null).length);
        },
      ),
    );
  });
});

describe('filters in the address', () => {
  const filtersArbitrary = fc.record({
    search: fc.string({ maxLength: 200 }),
    categories: fc.uniqueArray(fc.constantFrom(...CATEGORIES)),
    personId: fc.constantFrom('', ANA, BEN),
    role: fc.constantFrom('any' as const, 'paid' as const, 'shared' as const),
    from: fc.constantFrom('', '2026-03-01'),
    to: fc.constantFrom('', '2026-12-31'),
    min: fc.option(fc.integer({ min: 0, max: 10 ** 12 }), { nil: null }),
    max: fc.option(fc.integer({ min: 0, max: 10 ** 12 }), { nil: null }),
    currencyId: fc.constantFrom('', 'USD', 'JPY'),
  });

  it('reads back every filter it writes (a role counts only with a person)', () => {
    fc.assert(
      fc.property(filtersArbitrary, (filters) => {
        const back = filtersFromSearch(new URLSearchParams(searchOfFilters(filters).toString()));
        expect(back).toEqual({ ...filters, role: filters.personId === '' ? 'any' : filters.role });
      }),
    );
  });

  it('leaves out what a hand-edited address cannot mean, and never throws', () => {
    const read = filtersFromSearch(
      new URLSearchParams(
        'category=food&category=nonsense&role=boss&from=yesterday&to=2026-02-30x&min=-5&max=1e9&currency=usd&person=x',
      ),
    );
    expect(read).toEqual({ ...NO_FILTERS, categories: ['food'], personId: 'x' });
    fc.assert(
      fc.property(fc.string(), (query) => {
        const filters = filtersFromSearch(new URLSearchParams(query));
        expect(activeFilterCount(filters)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('writes nothing for no filter, so the plain list keeps its plain address', () => {
    expect(searchOfFilters(NO_FILTERS).toString()).toBe('');
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
  });
});
