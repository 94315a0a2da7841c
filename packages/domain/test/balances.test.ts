import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BalanceRow, CurrencyInfo, ExpenseLike, PaymentLike } from '../src/index';
import { buildRateTable, computeBalances, settle } from '../src/index';
import { eventArb } from './arbitraries';

const CURRENCIES: CurrencyInfo[] = [
  { id: 'EUR', decimals: 2, rate: 1 },
  { id: 'USD', decimals: 2, rate: 1 / 1.16 },
  { id: 'JPY', decimals: 0, rate: null },
];
const EUR_EVENT = buildRateTable('EUR', [{ currency_id: 'USD', exchange_rate: 1.25 }], CURRENCIES);

const dinner: ExpenseLike = {
  id: 'dinner',
  amount: 3000,
  currency_id: 'EUR',
  payer: [{ user_id: 'ana', amount: 3000 }],
  participant: [
    { user_id: 'ana', amount: 1500 },
    { user_id: 'ben', amount: 1500 },
  ],
};

function balanceOf(rows: readonly BalanceRow[]): Record<string, number> {
  return Object.fromEntries(rows.map((row) => [row.user_id, row.balance]));
}

function total(rows: readonly BalanceRow[]): number {
  return rows.reduce((sum, row) => sum + row.balance, 0);
}

describe('computeBalances', () => {
  it('credits who paid and debits who shared: Ana +15.00, Ben −15.00', () => {
    const { balances, missing_rates } = computeBalances({
      user_ids: ['ana', 'ben'],
      expenditures: [dinner],
      payments: [],
      rates: EUR_EVENT,
    });
    expect(balances).toEqual([
      {
        user_id: 'ana',
        paid: 3000,
        share: 1500,
        payments_made: 0,
        payments_received: 0,
        balance: 1500,
      },
      {
        user_id: 'ben',
        paid: 0,
        share: 1500,
        payments_made: 0,
        payments_received: 0,
        balance: -1500,
      },
    ]);
    expect(missing_rates).toEqual([]);
  });

  it('brings both to zero once Ben pays Ana back 15.00', () => {
    const payback: PaymentLike = {
      id: 'p1',
      payer_id: 'ben',
      payee_id: 'ana',
      amount: 1500,
      currency_id: 'EUR',
    };
    const { balances } = computeBalances({
      user_ids: ['ana', 'ben'],
      expenditures: [dinner],
      payments: [payback],
      rates: EUR_EVENT,
    });
    expect(balanceOf(balances)).toEqual({ ana: 0, ben: 0 });
    expect(balances[1]).toMatchObject({ payments_made: 1500, payments_received: 0 });
  });

  it('counts a foreign expense in the event currency', () => {
    const { balances } = computeBalances({
      user_ids: ['ana', 'ben'],
      expenditures: [
        {
          ...dinner,
          id: 'taxi',
          amount: 8000,
          currency_id: 'USD',
          payer: [{ user_id: 'ben', amount: 8000 }],
          participant: [{ user_id: 'ana', amount: 8000 }],
        },
      ],
      payments: [],
      rates: EUR_EVENT,
    });
    expect(balanceOf(balances)).toEqual({ ana: -10000, ben: 10000 });
  });

  it('refuses totals past 2^53 minor units rather than lose a unit', () => {
    // Each payment is exact; two of them add up past what a number counts unit by unit.
    const huge = (id: string, payer_id: string, payee_id: string): PaymentLike => ({
      id,
      payer_id,
      payee_id,
      amount: 2 ** 52 + 1,
      currency_id: 'EUR',
    });
    const input = {
      user_ids: ['ana', 'ben', 'chloe'],
      expenditures: [],
      payments: [huge('p1', 'ana', 'ben'), huge('p2', 'ana', 'chloe')],
      rates: EUR_EVENT,
    };
    expect(() => computeBalances(input)).toThrow(RangeError);
    // Totals that stay exact add up exactly, however large the terms on the way.
    const { balances } = computeBalances({ ...input, payments: [huge('p1', 'ana', 'ben')] });
    expect(balanceOf(balances)).toEqual({ ana: 2 ** 52 + 1, ben: -(2 ** 52) - 1, chloe: 0 });
  });

  it('lists rows in the order of the people and appends anyone else it meets', () => {
    const { balances } = computeBalances({
      user_ids: ['zoe', 'ben', 'ana'],
      expenditures: [{ ...dinner, participant: [{ user_id: 'ghost', amount: 3000 }] }],
      payments: [],
      rates: EUR_EVENT,
    });
    expect(balances.map((row) => row.user_id)).toEqual(['zoe', 'ben', 'ana', 'ghost']);
    expect(total(balances)).toBe(0);
  });

  it('names each currency that lacked a rate once, sorted', () => {
    const { missing_rates } = computeBalances({
      user_ids: ['ana', 'ben'],
      expenditures: [
        { ...dinner, id: 'a', currency_id: 'XXX' },
        { ...dinner, id: 'b', currency_id: 'JPY' },
        { ...dinner, id: 'c', currency_id: 'JPY' },
      ],
      payments: [{ id: 'p', payer_id: 'ben', payee_id: 'ana', amount: 5, currency_id: 'JPY' }],
      rates: EUR_EVENT,
    });
    expect(missing_rates).toEqual(['JPY', 'XXX']);
  });

  it('turns the signs of money received: Ana holds a 30.00 refund for both, Ana −15.00, Ben +15.00', () => {
    const refund: ExpenseLike = { ...dinner, id: 'refund', kind: 'income' };
    const { balances } = computeBalances({
      user_ids: ['ana', 'ben'],
      expenditures: [refund],
      payments: [],
      rates: EUR_EVENT,
    });
    expect(
      balances.map(({ user_id, paid, share, balance }) => [user_id, paid, share, balance]),
    ).toEqual([
      ['ana', -3000, -1500, -1500],
      ['ben', 0, -1500, 1500],
    ]);
  });

  it('an income with the lines of any expense undoes it exactly, in any currency', () => {
    fc.assert(
      fc.property(eventArb, (event) => {
        // The same id too: ties of the odd cent go by id, so both split alike.
        const undone = event.expenditures.map((expense) => ({
          ...expense,
          kind: expense.kind === 'income' ? ('expense' as const) : ('income' as const),
        }));
        const { balances } = computeBalances({
          ...event,
          expenditures: [...event.expenditures, ...undone],
          payments: [],
        });
        for (const row of balances) expect(row.balance).toBe(0);
      }),
    );
  });

  it('balances of any event sum to exactly zero and follow the formula', () => {
    fc.assert(
      fc.property(eventArb, (event) => {
        const { balances } = computeBalances(event);
        expect(total(balances)).toBe(0);
        for (const row of balances) {
          expect(row.balance).toBe(
            row.paid - row.share + row.payments_made - row.payments_received,
          );
          expect(Number.isSafeInteger(row.balance)).toBe(true);
        }
        expect(balances.slice(0, event.user_ids.length).map((row) => row.user_id)).toEqual(
          event.user_ids,
        );
      }),
    );
  });

  it('booking every suggested transfer as a payment leaves nobody owing', () => {
    fc.assert(
      fc.property(eventArb, (event) => {
        const before = computeBalances(event);
        const payments = settle(before.balances).map((transfer, i) => ({
          id: `settle-${i}`,
          payer_id: transfer.from_user_id,
          payee_id: transfer.to_user_id,
          amount: transfer.amount,
          currency_id: event.rates.eventCurrency.id,
        }));
        const after = computeBalances({ ...event, payments: [...event.payments, ...payments] });
        for (const row of after.balances) expect(row.balance).toBe(0);
      }),
    );
  });
});
