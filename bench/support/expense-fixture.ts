import { randomUUID } from 'node:crypto';

/** An integer from `min` to `max`, both included. */
function between(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** Picks `count` different items, in a random order. */
function pick<T>(random: () => number, items: readonly T[], count: number): T[] {
  const pool = [...items];
  for (let index = pool.length - 1; index > 0; index -= 1) {
    const other = between(random, 0, index);
    [pool[index], pool[other]] = [pool[other] as T, pool[index] as T];
  }
  return pool.slice(0, count);
}

/** `amount` (minor units) in `count` parts differing by at most one that sum to `amount`. */
function evenParts(amount: number, count: number): number[] {
  const base = Math.floor(amount / count);
  const remainder = amount - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < remainder ? 1 : 0));
}

const TITLES = ['Dinner', 'Groceries', 'Taxi', 'Museum', 'Hotel', 'Fuel', 'Coffee', 'Tickets'];
const CATEGORIES = ['food', 'groceries', 'transport', 'activities', 'accommodation', 'other'];

export interface ExpenseBody {
  id: string;
  title: string;
  desc: string;
  date: string;
  amount: number;
  currency_id: 'EUR' | 'USD';
  user_id: string;
  category: string;
  payer: { user_id: string; amount: number }[];
  participant: { user_id: string; amount: number }[];
  split: { mode: 'evenly' };
}

/**
 * A valid expense among `people` (user ids): one EUR in three is USD; one in five has two
 * payers; 2 to 10 participants, and one in ten is shared by everyone. Amounts in cents.
 */
export function randomExpense(random: () => number, people: readonly string[]): ExpenseBody {
  const amount = between(random, 100, 50_000);
  const everyone = people.length > 2 && random() < 0.1;
  const among = everyone
    ? [...people]
    : pick(
        random,
        people,
        between(random, Math.min(2, people.length), Math.min(10, people.length)),
      );
  const payers = pick(random, people, people.length > 1 && random() < 0.2 ? 2 : 1);
  const payerParts = evenParts(amount, payers.length);
  const shares = evenParts(amount, among.length);
  const first = payers[0] ?? people[0] ?? '';
  return {
    id: randomUUID(),
    title: TITLES[between(random, 0, TITLES.length - 1)] ?? 'Dinner',
    desc: '',
    date: `2026-11-${String(between(random, 1, 30)).padStart(2, '0')}`,
    amount,
    currency_id: random() < 1 / 3 ? 'USD' : 'EUR',
    user_id: first,
    category: CATEGORIES[between(random, 0, CATEGORIES.length - 1)] ?? 'other',
    payer: payers.map((user_id, index) => ({ user_id, amount: payerParts[index] ?? 0 })),
    participant: among.map((user_id, index) => ({ user_id, amount: shares[index] ?? 0 })),
    split: { mode: 'evenly' },
  };
}
