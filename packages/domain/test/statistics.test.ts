import { describe, expect, it } from 'vitest';
import type { CurrencyInfo, StatisticsExpense } from '../src/index';
import { buildRateTable, computeBalances, computeStatistics } from '../src/index';

const CURRENCIES: CurrencyInfo[] = [
  { id: 'EUR', decimals: 2, rate: 1 },
  { id: 'USD', decimals: 2, rate: 1 / 1.16 },
  { id: 'JPY', decimals: 0, rate: null },
];
// The event's own rate wins over the global list: 1 USD = 0.92 EUR here.
const rates = buildRateTable('EUR', [{ currency_id: 'USD', exchange_rate: 0.92 }], CURRENCIES);
const PEOPLE = ['ana', 'ben', 'cleo'];

function expense(
  id: string,
  date: string,
  amount: number,
  options: {
    category?: string;
    currency_id?: string;
    deleted_at?: string;
    /** Who paid it all. */
    payer?: string;
    /** Who shares it, evenly. */
    among?: readonly string[];
    /** Money received instead of spent. */
    income?: boolean;
  } = {},
): StatisticsExpense {
  const among = options.among ?? PEOPLE;
  const each = Math.floor(amount / among.length);
  return {
    id,
    kind: options.income ? 'income' : 'expense',
    date,
    amount,
    currency_id: options.currency_id ?? 'EUR',
    category: options.category ?? null,
    deleted_at: options.deleted_at ?? null,
    payer: [{ user_id: options.payer ?? 'ana', amount }],
    participant: among.map((user_id, i) => ({
      user_id,
      // The first person takes what an even split leaves over.
      amount: i === 0 ? amount - each * (among.length - 1) : each,
    })),
  };
}

const TRIP: StatisticsExpense[] = [
  expense('dinner', '2026-11-20', 9000, { category: 'food' }),
  expense('taxi', '2026-11-20', 6000, { category: 'transport', payer: 'ben' }),
  // 50.00 USD at 0.92 is 46.00 EUR.
  expense('museum', '2026-11-22', 5000, {
    category: 'activities',
    currency_id: 'USD',
    payer: 'cleo',
  }),
  expense('snacks', '2026-11-22', 1200, { among: ['ben', 'cleo'], payer: 'ben' }),
];

describe('computeStatistics', () => {
  it('adds up what the event spent, in the event currency', () => {
    const stats = computeStatistics({ user_ids: PEOPLE, expenditures: TRIP, rates });
    expect(stats.total).toBe(9000 + 6000 + 4600 + 1200);
    expect(stats.count).toBe(4);
    expect(stats.first_date).toBe('2026-11-20');
    expect(stats.last_date).toBe('2026-11-22');
    expect(stats.missing_rates).toEqual([]);
  });

  it('tells money received apart: not spending, but it lowers what people paid and shared', () => {
    const refund = expense('deposit back', '2026-11-23', 3000, { income: true, payer: 'ben' });
    const stats = computeStatistics({ user_ids: PEOPLE, expenditures: [...TRIP, refund], rates });
    const without = computeStatistics({ user_ids: PEOPLE, expenditures: TRIP, rates });
    expect(stats.total).toBe(without.total);
    expect(stats.count).toBe(4);
    expect(stats.income).toBe(3000);
    expect(stats.income_count).toBe(1);
    expect(stats.categories).toEqual(without.categories);
    expect(stats.biggest).toEqual(without.biggest);
    expect(stats.last_date).toBe('2026-11-22');
    const ben = stats.people.find((row) => row.user_id === 'ben');
    const benBefore = without.people.find((row) => row.user_id === 'ben');
    expect(ben?.paid).toBe((benBefore?.paid ?? 0) - 3000);
    expect(ben?.share).toBe((benBefore?.share ?? 0) - 1000);
    const mine = computeStatistics({
      user_ids: PEOPLE,
      expenditures: [...TRIP, refund],
      rates,
      filter: { person_id: 'cleo' },
    });
    expect(mine.income).toBe(1000);
    expect(mine.income_count).toBe(1);
  });

  it('tells per person what they paid, their share and the difference', () => {
    const { people } = computeStatistics({ user_ids: PEOPLE, expenditures: TRIP, rates });
    // museum 46.00 EUR split three ways: 15.34 for the first, 15.33 each for the others.
    expect(people).toEqual([
      { user_id: 'ana', paid: 9000, share: 3000 + 2000 + 1534, difference: 9000 - 6534 },
      { user_id: 'ben', paid: 7200, share: 3000 + 2000 + 1533 + 600, difference: 7200 - 7133 },
      { user_id: 'cleo', paid: 4600, share: 3000 + 2000 + 1533 + 600, difference: 4600 - 7133 },
    ]);
  });

  it('matches the shares and payments of the balances to the minor unit', () => {
    const stats = computeStatistics({ user_ids: PEOPLE, expenditures: TRIP, rates });
    const { balances } = computeBalances({
      user_ids: PEOPLE,
      expenditures: TRIP,
      payments: [],
      rates,
    });
    expect(stats.people.map(({ user_id, paid, share }) => ({ user_id, paid, share }))).toEqual(
      balances.map(({ user_id, paid, share }) => ({ user_id, paid, share })),
    );
  });

  it('groups by category, largest first, with no category counted as other', () => {
    const { categories } = computeStatistics({ user_ids: PEOPLE, expenditures: TRIP, rates });
    expect(categories).toEqual([
      { category: 'food', amount: 9000, count: 1 },
      { category: 'transport', amount: 6000, count: 1 },
      { category: 'activities', amount: 4600, count: 1 },
      { category: 'other', amount: 1200, count: 1 },
    ]);
  });

  it('tells a short event per day, the quiet days included as zero', () => {
    const stats = computeStatistics({ user_ids: PEOPLE, expenditures: TRIP, rates });
    expect(stats.period_unit).toBe('day');
    expect(stats.periods).toEqual([
      { period: '2026-11-20', amount: 15000, count: 2 },
      { period: '2026-11-21', amount: 0, count: 0 },
      { period: '2026-11-22', amount: 5800, count: 2 },
    ]);
  });

  it('tells a longer event per month', () => {
    const stats = computeStatistics({
      user_ids: PEOPLE,
      expenditures: [
        expense('rent-oct', '2026-10-01', 90000),
        expense('power', '2026-10-15', 6000),
        expense('rent-dec', '2026-12-01', 90000),
      ],
      rates,
    });
    expect(stats.period_unit).toBe('month');
    expect(stats.periods).toEqual([
      { period: '2026-10', amount: 96000, count: 2 },
      { period: '2026-11', amount: 0, count: 0 },
      { period: '2026-12', amount: 90000, count: 1 },
    ]);
  });

  it('lists the biggest expenses first, converted, later dates first on a tie', () => {
    const stats = computeStatistics({
      user_ids: PEOPLE,
      expenditures: [...TRIP, expense('boat', '2026-11-23', 6000)],
      rates,
      biggest_count: 3,
    });
    expect(stats.biggest).toEqual([
      { id: 'dinner', date: '2026-11-20', category: 'food', amount: 9000 },
      { id: 'boat', date: '2026-11-23', category: 'other', amount: 6000 },
      { id: 'taxi', date: '2026-11-20', category: 'transport', amount: 6000 },
    ]);
  });

  it('never counts a deleted expense, in any breakdown', () => {
    const deleted = expense('lost', '2026-12-24', 500_000, {
      category: 'shopping',
      deleted_at: '2026-12-25T10:00:00.000Z',
    });
    const withDeleted = computeStatistics({
      user_ids: PEOPLE,
      expenditures: [...TRIP, deleted],
      rates,
    });
    expect(withDeleted).toEqual(computeStatistics({ user_ids: PEOPLE, expenditures: TRIP, rates }));
  });

  it('reports a currency without a rate and counts its amount unchanged', () => {
    // 1,000 JPY with no rate anywhere: kept as 1,000 major units, 1,000.00 EUR.
    const stats = computeStatistics({
      user_ids: PEOPLE,
      expenditures: [expense('sushi', '2026-11-21', 1000, { currency_id: 'JPY' })],
      rates,
    });
    expect(stats.total).toBe(100_000);
    expect(stats.missing_rates).toEqual(['JPY']);
    expect(stats.biggest[0]?.amount).toBe(100_000);
  });

  it('converts with the global list when the event has no rate of its own', () => {
    const global = buildRateTable('EUR', [], CURRENCIES);
    // 10.00 USD × (1/1.16) / 1 = 8.6206… EUR, rounded to 8.62.
    const stats = computeStatistics({
      user_ids: PEOPLE,
      expenditures: [expense('coffee', '2026-11-21', 1000, { currency_id: 'USD' })],
      rates: global,
    });
    expect(stats.total).toBe(862);
  });

  it('counts only the days within a date range, both ends included', () => {
    const stats = computeStatistics({
      user_ids: PEOPLE,
      expenditures: TRIP,
      rates,
      filter: { from: '2026-11-21', to: '2026-11-22' },
    });
    expect(stats.total).toBe(4600 + 1200);
    expect(stats.periods.map((row) => row.period)).toEqual(['2026-11-22']);
    expect(stats.people.find((row) => row.user_id === 'ana')).toEqual({
      user_id: 'ana',
      paid: 0,
      share: 1534,
      difference: -1534,
    });
  });

  it('tells one person’s share under a person filter', () => {
    const stats = computeStatistics({
      user_ids: PEOPLE,
      expenditures: TRIP,
      rates,
      filter: { person_id: 'ana' },
    });
    // Ana has no share of the snacks, so they do not count for her.
    expect(stats.total).toBe(3000 + 2000 + 1534);
    expect(stats.count).toBe(3);
    expect(stats.people).toEqual([{ user_id: 'ana', paid: 9000, share: 6534, difference: 2466 }]);
    expect(stats.categories).toEqual([
      { category: 'food', amount: 3000, count: 1 },
      { category: 'transport', amount: 2000, count: 1 },
      { category: 'activities', amount: 1534, count: 1 },
    ]);
    expect(stats.biggest.map((row) => [row.id, row.amount])).toEqual([
      ['dinner', 3000],
      ['taxi', 2000],
      ['museum', 1534],
    ]);
  });

  it('is empty, not broken, when nothing counts', () => {
    const stats = computeStatistics({
      user_ids: PEOPLE,
      expenditures: TRIP,
      rates,
      filter: { from: '2027-01-01' },
    });
    expect(stats).toMatchObject({
      total: 0,
      count: 0,
      first_date: null,
      last_date: null,
      categories: [],
      periods: [],
      biggest: [],
    });
    expect(stats.people.every((row) => row.paid === 0 && row.share === 0)).toBe(true);
  });

  it('refuses an expense whose date is not a calendar day', () => {
    expect(() =>
      computeStatistics({
        user_ids: PEOPLE,
        expenditures: [expense('odd', '2026-13-01', 100)],
        rates,
      }),
    ).toThrow(RangeError);
  });
});
