/**
 * The expense list's filters on 50,000 expenses (issue: "still light with 50,000 entries"): the
 * list's own order (once per change of data) and one filtering with a search, a person, two
 * categories and an amount range (each time a filter changes), as the web app runs them.
 * Bound: a loop that only looks for the search text in each title and note, what any search
 * must do at the least.
 */
import type { Expenditure, User } from '@quits/contract';
import { NO_FILTERS } from '../../apps/web/src/features/expenses/expense-filters';
import { expenseRows, newestFirst } from '../../apps/web/src/features/expenses/expense-rows';
import type { BenchFigure } from '../domain-bench';

const COUNT = 50_000;
const CATEGORIES = ['food', 'transport', 'groceries', 'accommodation', null] as const;

function expensesOf(next: () => number, people: readonly User[]): Expenditure[] {
  return Array.from({ length: COUNT }, (_, i) => {
    const amount = 100 + Math.floor(next() * 100_000);
    const payer = people[Math.floor(next() * people.length)]?.id ?? '';
    const day = 1 + Math.floor(next() * 365);
    const date = new Date(Date.UTC(2026, 0, day)).toISOString().slice(0, 10);
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      event_id: 'bench-event-000000000001',
      user_id: payer,
      title: `${['Taxi', 'Dinner', 'Rent', 'Groceries'][i % 4]} ${i}`,
      desc: i % 7 === 0 ? 'paid by card, receipt kept' : '',
      date,
      amount,
      currency_id: i % 3 === 0 ? 'USD' : 'EUR',
      category: CATEGORIES[i % CATEGORIES.length] ?? null,
      split: { mode: 'evenly' },
      payer: [{ user_id: payer, amount }],
      participant: people.map((person) => ({ user_id: person.id, amount: 0 })),
      receipt_id: null,
      created_at: `${date}T10:00:00.000Z`,
      updated_at: `${date}T10:00:00.000Z`,
      deleted_at: null,
    };
  });
}

export function listFilterFigures(
  next: () => number,
  time: (run: () => void) => number,
  median: (values: readonly number[]) => number,
  round: (value: number) => number,
): BenchFigure[] {
  const people = Array.from({ length: 10 }, (_, i) => ({
    id: `person-${i}`,
    name: `Person ${i}`,
  })) as User[];
  const expenses = expensesOf(next, people);
  const inEuros = (expense: Expenditure) =>
    expense.currency_id === 'EUR' ? expense.amount : Math.round(expense.amount * 0.92);
  const filters = {
    ...NO_FILTERS,
    search: 'card',
    personId: 'person-3',
    categories: ['food', 'transport'] as const,
    min: 1_000,
    max: 90_000,
  };
  let ordered = newestFirst(expenses);
  const orderMedian = median(
    Array.from({ length: 5 }, () =>
      time(() => {
        ordered = newestFirst(expenses);
      }),
    ),
  );
  const filterOnce = () =>
    expenseRows(ordered, people, { ...filters, categories: [...filters.categories] }, inEuros);
  filterOnce();
  const filterMedian = median(Array.from({ length: 5 }, () => time(filterOnce)));
  const boundMedian = median(
    Array.from({ length: 5 }, () =>
      time(() => {
        let found = 0;
        for (const expense of ordered) {
          if (`${expense.title}\n${expense.desc}`.toLocaleLowerCase().includes('card')) found += 1;
        }
        return found;
      }),
    ),
  );
  return [
    {
      name: 'expense list, 50,000 expenses: the list order (median of 5)',
      value: round(orderMedian),
      unit: 'ms',
      note: 'once per change of the event’s data',
    },
    {
      name: 'expense list, 50,000 expenses: search + person + 2 categories + amount range (median of 5)',
      value: round(filterMedian),
      unit: 'ms',
      note: `each time a filter changes; bound (looking for the text in each title and note) ${round(boundMedian)} ms, ratio ${round(filterMedian / boundMedian)}×`,
    },
  ];
}
