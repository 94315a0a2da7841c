import fc from 'fast-check';
import type { CurrencyInfo, ExpenseLike, PaymentLike, RateTable, ShareLine } from '../src/index';
import { buildRateTable } from '../src/index';

/** The currencies random events draw from; XXX is absent from the global list on purpose. */
export const CURRENCY_IDS = ['EUR', 'USD', 'JPY', 'KWD', 'VND', 'XXX'] as const;
const DECIMALS: Record<string, number> = { EUR: 2, USD: 2, JPY: 0, KWD: 3, VND: 0 };

// Ratios up to 1e4 and amounts up to 1e8 keep every conversion within safe integers, as real
// rates and the API's limits do; absurd ones throw a RangeError by design.
const positiveRateArb = fc.double({ min: 0.01, max: 100, noNaN: true, noDefaultInfinity: true });
const rateArb = fc.option(positiveRateArb, { nil: null });

/** A global list with random rates, some unknown (null). */
export const currenciesArb: fc.Arbitrary<CurrencyInfo[]> = fc
  .tuple(rateArb, rateArb, rateArb, rateArb, rateArb)
  .map((rates) =>
    ['EUR', 'USD', 'JPY', 'KWD', 'VND'].map((id, i) => ({
      id,
      decimals: DECIMALS[id] ?? 2,
      rate: rates[i] ?? null,
    })),
  );

export const rateTableArb: fc.Arbitrary<RateTable> = fc
  .record({
    currencies: currenciesArb,
    eventCurrency: fc.constantFrom(...CURRENCY_IDS),
    eventRates: fc.array(
      fc.record({
        currency_id: fc.constantFrom(...CURRENCY_IDS),
        exchange_rate: positiveRateArb,
      }),
      { maxLength: 4 },
    ),
  })
  .map(({ currencies, eventCurrency, eventRates }) =>
    buildRateTable(eventCurrency, eventRates, currencies),
  );

/** Cuts `total` into `parts` integers ≥ 0 (≤ 0 for a negative total) at random points. */
export function cutsArb(total: number, parts: number): fc.Arbitrary<number[]> {
  const magnitude = Math.abs(total);
  return fc
    .array(fc.integer({ min: 0, max: magnitude }), { minLength: parts - 1, maxLength: parts - 1 })
    .map((points) => {
      const edges = [0, ...points.sort((a, b) => a - b), magnitude];
      return edges.slice(1).map((edge, i) => {
        const part = edge - (edges[i] ?? 0);
        return total < 0 ? 0 - part : part;
      });
    });
}

function linesArb(users: readonly string[], amount: number): fc.Arbitrary<ShareLine[]> {
  return fc
    .shuffledSubarray([...users], { minLength: 1 })
    .chain((who) =>
      cutsArb(amount, who.length).map((parts) =>
        who.map((user_id, i) => ({ user_id, amount: parts[i] ?? 0 })),
      ),
    );
}

export function expenseArb(users: readonly string[]): fc.Arbitrary<ExpenseLike> {
  return fc
    .record({
      id: fc.uuid(),
      // Spent, received (income), or a copy made before income existed.
      kind: fc.constantFrom('expense' as const, 'income' as const, undefined),
      amount: fc.integer({ min: 1, max: 100_000_000 }),
      currency_id: fc.constantFrom(...CURRENCY_IDS),
    })
    .chain((base) =>
      fc
        .tuple(linesArb(users, base.amount), linesArb(users, base.amount))
        .map(([payer, participant]) => ({ ...base, payer, participant })),
    );
}

export function paymentArb(users: readonly string[]): fc.Arbitrary<PaymentLike> {
  return fc.record({
    id: fc.uuid(),
    payer_id: fc.constantFrom(...users),
    payee_id: fc.constantFrom(...users),
    amount: fc.integer({ min: 1, max: 100_000_000 }),
    currency_id: fc.constantFrom(...CURRENCY_IDS),
  });
}

export interface RandomEvent {
  user_ids: string[];
  expenditures: ExpenseLike[];
  payments: PaymentLike[];
  rates: RateTable;
}

/** A whole event: people, mixed-currency expenses and payments, random and missing rates. */
export const eventArb: fc.Arbitrary<RandomEvent> = fc
  .uniqueArray(fc.uuid(), { minLength: 1, maxLength: 10 })
  .chain((user_ids) =>
    fc.record({
      user_ids: fc.constant(user_ids),
      expenditures: fc.array(expenseArb(user_ids), { maxLength: 20 }),
      payments: fc.array(paymentArb(user_ids), { maxLength: 10 }),
      rates: rateTableArb,
    }),
  );
