/**
 * Domain figures for docs/BENCHMARKS.md (PRODUCT §10: settlement for 20 people exact and under
 * 50 ms; balances for 100,000 expenses under 100 ms). Each figure sits next to a bound measured
 * in the same run on the same data, so the ratio survives a slower or busier machine.
 *
 * Run: npx tsx bench/domain-bench.ts
 */
import type { BalanceEntry, CurrencyInfo, ExpenseLike, ShareLine } from '@quits/domain';
import { allocate, balanceTimeline, buildRateTable, computeBalances, settle } from '@quits/domain';
import { seededRandom } from '../apps/server/test/hardening/support/seeded-random';
import { listFilterFigures } from './support/expense-list-filter';

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  note: string;
}

function time(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function round(value: number, digits = 2): number {
  return Number(value.toFixed(digits));
}

/** 20 non-zero balances summing to zero, with no x / −x pair, so all 20 reach the exact search. */
function randomBalances(next: () => number): BalanceEntry[] {
  for (;;) {
    const values = Array.from({ length: 19 }, () => Math.floor(next() * 200_000) - 100_000);
    values.push(0 - values.reduce((a, b) => a + b, 0));
    const distinct = values.every((v) => v !== 0 && !values.includes(-v));
    if (distinct) return values.map((balance, i) => ({ user_id: `P${i}`, balance }));
  }
}

/** Balances with thousands of zero-sum subsets: the worst case, which takes the subset DP. */
function structuredBalances(): BalanceEntry[] {
  const values = [...Array<number>(5).fill(2000), ...Array<number>(12).fill(-1000), 500, 700, 800];
  return values.map((balance, i) => ({ user_id: `P${i}`, balance }));
}

/**
 * The textbook exact method (as in "optimal account balancing"): every subset, every person
 * removed, no pairing and no meet-in-the-middle. The peer the figures are compared with, and
 * the check that settle() found the minimum.
 */
function textbookMinimum(values: readonly number[]): number {
  const count = values.length;
  const size = 1 << count;
  const sums = new Float64Array(size);
  const dp = new Uint8Array(size);
  for (let mask = 1; mask < size; mask++) {
    const low = mask & -mask;
    const sum = (sums[mask ^ low] ?? 0) + (values[31 - Math.clz32(low)] ?? 0);
    sums[mask] = sum;
    let best = 0;
    for (let i = 0; i < count; i++) {
      if (mask & (1 << i)) best = Math.max(best, dp[mask ^ (1 << i)] ?? 0);
    }
    dp[mask] = sum === 0 ? best + 1 : best;
  }
  return count - (dp[size - 1] ?? 0);
}

const CURRENCIES: CurrencyInfo[] = [
  { id: 'EUR', decimals: 2, rate: 1 },
  { id: 'USD', decimals: 2, rate: 1 / 1.16 },
  { id: 'GBP', decimals: 2, rate: 1.17 },
  { id: 'JPY', decimals: 0, rate: 1 / 160 },
  { id: 'KWD', decimals: 3, rate: 2.8 },
  { id: 'VND', decimals: 0, rate: null },
];

/** 100,000 expenses among 10 people, half of them in a foreign currency. */
function randomExpenses(
  next: () => number,
  count: number,
  users: readonly string[],
): ExpenseLike[] {
  const foreign = ['USD', 'GBP', 'JPY', 'KWD', 'VND'];
  return Array.from({ length: count }, (_, i) => {
    const currency_id =
      next() < 0.5 ? 'EUR' : (foreign[Math.floor(next() * foreign.length)] ?? 'USD');
    const amount = 100 + Math.floor(next() * 100_000);
    const size = 2 + Math.floor(next() * (users.length - 1));
    const start = Math.floor(next() * users.length);
    const people = Array.from({ length: size }, (_, k) => users[(start + k) % users.length] ?? '');
    const base = Math.floor(amount / size);
    const participant: ShareLine[] = people.map((user_id, k) => ({
      user_id,
      amount: k === 0 ? amount - base * (size - 1) : base,
    }));
    return {
      id: `expense-${i}`,
      amount,
      currency_id,
      payer: [{ user_id: people[0] ?? '', amount }],
      participant,
    };
  });
}

/** A plain loop that reads each expense and each of its lines once. */
function readOnceBound(expenses: readonly ExpenseLike[]): number {
  let sum = 0;
  for (const expense of expenses) {
    sum += expense.amount;
    for (const line of expense.payer) sum += line.amount;
    for (const line of expense.participant) sum -= line.amount;
  }
  return sum;
}

export async function runDomainBench(): Promise<BenchFigure[]> {
  const next = seededRandom(20261121);
  const figures: BenchFigure[] = [];

  // Settlement: one cold call, then 20 other random sets of 20 people.
  const cold = time(() => settle(randomBalances(next)));
  const inputs = Array.from({ length: 20 }, () => randomBalances(next));
  const settleTimes = inputs.map((balances) => time(() => settle(balances)));
  const textbookTimes: number[] = [];
  let exact = true;
  for (const balances of [...inputs, structuredBalances()]) {
    let minimum = 0;
    textbookTimes.push(
      time(() => {
        minimum = textbookMinimum(balances.map((entry) => entry.balance));
      }),
    );
    exact &&= settle(balances).length === minimum;
  }
  const settleMedian = median(settleTimes);
  const textbookMedian = median(textbookTimes);
  const structured = structuredBalances();
  settle(structured);
  const structuredMedian = median(Array.from({ length: 5 }, () => time(() => settle(structured))));
  figures.push(
    {
      name: 'settle, 20 random non-zero balances (median of 20)',
      value: round(settleMedian, 3),
      unit: 'ms',
      note: `budget 50 ms; textbook O(n·2^n) DP on the same inputs ${round(textbookMedian)} ms, ratio ${round(settleMedian / textbookMedian, 3)}×; minimum confirmed: ${exact ? 'yes' : 'NO'}`,
    },
    {
      name: 'settle, 20 random non-zero balances (worst of 20)',
      value: round(Math.max(...settleTimes), 3),
      unit: 'ms',
      note: `budget 50 ms; first (cold) call ${round(cold)} ms`,
    },
    {
      name: 'settle, 20 balances with thousands of zero-sum groups (median of 5)',
      value: round(structuredMedian),
      unit: 'ms',
      note: `the worst case (subset DP); budget 50 ms; ratio to the textbook DP ${round(structuredMedian / textbookMedian)}×`,
    },
  );

  // Balances: 100,000 mixed-currency expenses among 10 people.
  const users = Array.from({ length: 10 }, (_, i) => `user-${i}`);
  const expenditures = randomExpenses(next, 100_000, users);
  const rates = buildRateTable('EUR', [{ currency_id: 'USD', exchange_rate: 0.92 }], CURRENCIES);
  const input = { user_ids: users, expenditures, payments: [], rates };
  computeBalances(input);
  const balanceTimes = Array.from({ length: 5 }, () => time(() => computeBalances(input)));
  const readTimes = Array.from({ length: 5 }, () => time(() => readOnceBound(expenditures)));
  const balancesMedian = median(balanceTimes);
  const readMedian = median(readTimes);
  figures.push({
    name: 'computeBalances, 100,000 mixed-currency expenses, 10 people (median of 5)',
    value: round(balancesMedian),
    unit: 'ms',
    note: `budget 100 ms; bound (read each expense and line once) ${round(readMedian)} ms, ratio ${round(balancesMedian / readMedian)}×`,
  });

  // Balances through time: 50,000 expenses spread over a year, a point per day.
  const dated = expenditures.slice(0, 50_000).map((expense, i) => ({
    ...expense,
    date: new Date(Date.UTC(2026, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10),
  }));
  const timelineInput = { user_ids: users, expenditures: dated, payments: [], rates };
  balanceTimeline(timelineInput);
  const timelineMedian = median(
    Array.from({ length: 5 }, () => time(() => balanceTimeline(timelineInput))),
  );
  const halfInput = { ...input, expenditures: dated };
  const halfBalances = median(
    Array.from({ length: 5 }, () => time(() => computeBalances(halfInput))),
  );
  figures.push({
    name: 'balanceTimeline, 50,000 mixed-currency expenses over 365 days, 10 people (median of 5)',
    value: round(timelineMedian),
    unit: 'ms',
    note: `computeBalances on the same expenses ${round(halfBalances)} ms, ratio ${round(timelineMedian / halfBalances)}×`,
  });

  // The split function alone: 100,000 even splits among 4 people.
  const four = ['a', 'b', 'c', 'd'].map((id) => ({ id, weight: 1 }));
  const splitOnce = () => {
    for (let i = 0; i < 100_000; i++) allocate(9501 + i, four, `expense-${i}`);
  };
  splitOnce();
  const allocateMedian = median(Array.from({ length: 5 }, () => time(splitOnce)));
  const loopMedian = median(
    Array.from({ length: 5 }, () =>
      time(() => {
        let sum = 0;
        for (let i = 0; i < 100_000; i++) sum += `expense-${i}`.length;
        return sum;
      }),
    ),
  );
  figures.push({
    name: 'allocate, 100,000 even splits among 4 (median of 5)',
    value: round(allocateMedian),
    unit: 'ms',
    note: `bound (the same loop building each tie key) ${round(loopMedian)} ms, ratio ${round(allocateMedian / loopMedian)}×`,
  });
  figures.push(...listFilterFigures(next, time, median, round));
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const figure of await runDomainBench()) {
    console.log(`${figure.name}: ${figure.value} ${figure.unit}  (${figure.note})`);
  }
}
