import type { ExpenseLike } from './expense-conversion';
import { expenseEntry } from './ledger';
import { assertMinorUnits } from './money';
import type { RateTable } from './rates';
import type { PeriodUnit } from './statistics-periods';
import { dayNumber, periodOf, periodsBetween, periodUnitFor } from './statistics-periods';

/** The category an expense without one counts under. */
export const UNCATEGORISED = 'other';

/** The fields of an expense that statistics need (API objects fit as they are). */
export interface StatisticsExpense extends ExpenseLike {
  /** The day it was spent, `YYYY-MM-DD`. */
  date: string;
  /** null counts as `other`. */
  category: string | null;
  /** Set once deleted: a deleted expense never counts. */
  deleted_at?: string | null;
}

/** Which expenses count, and whose spending is told. Every field is optional. */
export interface StatisticsFilter {
  /** The first day counted, `YYYY-MM-DD`, inclusive; absent = from the first expense. */
  from?: string | null;
  /** The last day counted, `YYYY-MM-DD`, inclusive; absent = up to the last expense. */
  to?: string | null;
  /**
   * "My share": tell this person's shares instead of the group's spending. The totals,
   * categories, periods and biggest expenses then count only what falls to them, and the people
   * are that person alone.
   */
  person_id?: string | null;
}

export interface StatisticsInput {
  /** The event's people, in the order their rows should come in. */
  user_ids: readonly string[];
  /** Payments are not spending, so they are not asked for. */
  expenditures: readonly StatisticsExpense[];
  rates: RateTable;
  filter?: StatisticsFilter;
  /** How many of the biggest expenses to list; 5 when absent. */
  biggest_count?: number;
}

/**
 * What one person paid and what fell to them, in minor units of the event currency; what they
 * received for the group, and their shares of it, count with the sign turned (as in balances).
 */
export interface PersonSpending {
  user_id: string;
  paid: number;
  share: number;
  /** paid − share: above 0 they paid more than their share. */
  difference: number;
}

export interface CategorySpending {
  category: string;
  /** Minor units of the event currency. */
  amount: number;
  /** How many expenses counted here. */
  count: number;
}

export interface PeriodSpending {
  /** `YYYY-MM-DD` per day, `YYYY-MM` per month. */
  period: string;
  /** Minor units of the event currency; 0 for a period without expenses. */
  amount: number;
  count: number;
}

export interface BiggestExpense {
  id: string;
  date: string;
  category: string;
  /** Minor units of the event currency (the person's share under a person filter). */
  amount: number;
}

/** An event's spending, every amount in minor units of the event currency. */
export interface EventStatistics {
  /**
   * The group's spending ("Total spent": `LedgerTotals.spent` over the range), or the person's
   * shares under a person filter. Money received (income) is told apart in `income`: the breakdowns by category, period and size are of spending.
   */
  total: number;
  /** How many expenses counted (under a person filter, those with a share for them). */
  count: number;
  /** What the group received (refunds, deposits returned…), or the person's shares of it. */
  income: number;
  /** How many incomes counted. */
  income_count: number;
  /** The first and last day with a counted expense; null when none counts. */
  first_date: string | null;
  last_date: string | null;
  people: PersonSpending[];
  /** Largest first; only categories with a counted expense. */
  categories: CategorySpending[];
  period_unit: PeriodUnit;
  /** Every period from the first counted expense to the last, without gaps. */
  periods: PeriodSpending[];
  /** Largest first; ties go to the later date, then the smaller id. */
  biggest: BiggestExpense[];
  /** Currencies of the expenses in the date range that had no rate (counted unchanged), sorted. */
  missing_rates: string[];
}

const DEFAULT_BIGGEST_COUNT = 5;

/** One counted expense: what it adds to the totals, in minor units of the event currency. */
interface Counted {
  expense: StatisticsExpense;
  amount: number;
}

function inDateRange(date: string, filter: StatisticsFilter): boolean {
  return (!filter.from || date >= filter.from) && (!filter.to || date <= filter.to);
}

function addTo<K>(map: Map<K, { amount: number; count: number }>, key: K, amount: number): void {
  const entry = map.get(key);
  if (entry) {
    entry.amount += amount;
    entry.count += 1;
  } else {
    map.set(key, { amount, count: 1 });
  }
}

/**
 * Where an event's money went: the total, per person (paid, share, difference), per category,
 * per day or month, and the biggest expenses. Each expense is read as its ledger entry
 * (`expenseEntry`), which `computeBalances` adds up too, so every breakdown adds up to the total
 * to the minor unit and a person's share matches their balance's share. Deleted expenses never
 * count; payments are not spending; money received is counted apart as income, and turns the
 * sign of the people's paid and share as it does in balances.
 *
 * The period unit follows the span of the counted expenses: days up to
 * `DAILY_SPAN_LIMIT_DAYS` days, months beyond.
 *
 * @param input amounts in minor units of each expense's own currency
 * @returns amounts in minor units of the event currency
 * @throws RangeError when a date is not `YYYY-MM-DD`, or a sum leaves the safe integer range
 */
export function computeStatistics(input: StatisticsInput): EventStatistics {
  const filter = input.filter ?? {};
  const personId = filter.person_id ?? null;
  const people = new Map<string, PersonSpending>();
  const rowOf = (user_id: string): PersonSpending => {
    let row = people.get(user_id);
    if (!row) {
      row = { user_id, paid: 0, share: 0, difference: 0 };
      people.set(user_id, row);
    }
    return row;
  };
  for (const user_id of input.user_ids) rowOf(user_id);
  if (personId !== null) rowOf(personId);

  const missing = new Set<string>();
  const counted: Counted[] = [];
  let income = 0;
  let incomeCount = 0;
  for (const expense of input.expenditures) {
    if (expense.deleted_at) continue;
    // Validates the date even when a filter leaves the expense out: bad data shows at once.
    dayNumber(expense.date);
    if (!inDateRange(expense.date, filter)) continue;
    const entry = expenseEntry(expense, input.rates);
    if (entry.missing_rate !== null) missing.add(entry.missing_rate);
    // People's rows count money received with its sign turned, as their balances do.
    for (const line of entry.paid) rowOf(line.user_id).paid += line.amount;
    let personShare = 0;
    for (const line of entry.share) {
      rowOf(line.user_id).share += line.amount;
      if (line.user_id === personId) personShare += line.amount;
    }
    const received = entry.kind === 'income';
    // A person's part of an income counts positive under `income`, as the income itself does.
    const amount = personId === null ? entry.amount : received ? -personShare : personShare;
    if (personId !== null && personShare === 0) continue;
    if (received) {
      income += amount;
      incomeCount += 1;
    } else counted.push({ expense, amount });
  }
  assertMinorUnits(income, 'total received');

  const byCategory = new Map<string, { amount: number; count: number }>();
  const byDate = new Map<string, { amount: number; count: number }>();
  let total = 0;
  let first: string | null = null;
  let last: string | null = null;
  for (const { expense, amount } of counted) {
    total += amount;
    addTo(byCategory, expense.category ?? UNCATEGORISED, amount);
    addTo(byDate, expense.date, amount);
    if (first === null || expense.date < first) first = expense.date;
    if (last === null || expense.date > last) last = expense.date;
  }
  assertMinorUnits(total, 'total spent');

  const periodUnit = first !== null && last !== null ? periodUnitFor(first, last) : 'day';
  const byPeriod = new Map<string, PeriodSpending>();
  if (first !== null && last !== null) {
    for (const period of periodsBetween(first, last, periodUnit)) {
      byPeriod.set(period, { period, amount: 0, count: 0 });
    }
  }
  for (const [date, { amount, count }] of byDate) {
    const row = byPeriod.get(periodOf(date, periodUnit));
    if (row) {
      row.amount += amount;
      row.count += count;
    }
  }

  const rows = personId === null ? [...people.values()] : [rowOf(personId)];
  for (const row of rows) row.difference = row.paid - row.share;

  const biggest = [...counted]
    .sort(
      (a, b) =>
        b.amount - a.amount ||
        b.expense.date.localeCompare(a.expense.date) ||
        (a.expense.id < b.expense.id ? -1 : a.expense.id > b.expense.id ? 1 : 0),
    )
    .slice(0, Math.max(0, input.biggest_count ?? DEFAULT_BIGGEST_COUNT))
    .map(({ expense, amount }) => ({
      id: expense.id,
      date: expense.date,
      category: expense.category ?? UNCATEGORISED,
      amount,
    }));

  return {
    total,
    count: counted.length,
    income,
    income_count: incomeCount,
    first_date: first,
    last_date: last,
    people: rows,
    categories: [...byCategory]
      .map(([category, { amount, count }]) => ({ category, amount, count }))
      .sort(
        (a, b) =>
          b.amount - a.amount || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0),
      ),
    period_unit: periodUnit,
    periods: [...byPeriod.values()],
    biggest,
    missing_rates: [...missing].sort(),
  };
}
