import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CurrencyInfo, ExpenseLike } from '../src/index';
import { buildRateTable, convertExpense, convertToEventCurrency } from '../src/index';
import { expenseArb, rateTableArb } from './arbitraries';

const CURRENCIES: CurrencyInfo[] = [
  { id: 'EUR', decimals: 2, rate: 1 },
  { id: 'USD', decimals: 2, rate: 1 / 1.16 },
  { id: 'JPY', decimals: 0, rate: null },
  { id: 'KWD', decimals: 3, rate: 2.8 },
];

describe('convertToEventCurrency', () => {
  it('converts 80.00 USD at the event rate 1.25 into 100.00 EUR', () => {
    const table = buildRateTable('EUR', [{ currency_id: 'USD', exchange_rate: 1.25 }], CURRENCIES);
    expect(convertToEventCurrency(8000, 'USD', table)).toEqual({
      amount: 10000,
      missingRate: false,
    });
  });

  it('falls back to the ratio of global rates when the event has no rate of its own', () => {
    const table = buildRateTable('EUR', [], CURRENCIES);
    // 80.00 USD at 1 EUR = 1.16 USD is 68.9655… EUR.
    expect(convertToEventCurrency(8000, 'USD', table)).toEqual({
      amount: 6897,
      missingRate: false,
    });
    expect(convertToEventCurrency(-8000, 'USD', table)).toEqual({
      amount: -6897,
      missingRate: false,
    });
  });

  it('ignores an event rate that is not positive', () => {
    const table = buildRateTable('EUR', [{ currency_id: 'USD', exchange_rate: 0 }], CURRENCIES);
    expect(convertToEventCurrency(8000, 'USD', table).amount).toBe(6897);
  });

  it('keeps the major amount of a currency without a rate and says so', () => {
    const table = buildRateTable('EUR', [], CURRENCIES);
    // 1,000 JPY counts as 1,000.00 EUR.
    expect(convertToEventCurrency(1000, 'JPY', table)).toEqual({
      amount: 100000,
      missingRate: true,
    });
  });

  it('moves between currencies with different numbers of digits', () => {
    const table = buildRateTable('EUR', [], CURRENCIES);
    // 1.234 KWD × 2.8 = 3.4552 EUR.
    expect(convertToEventCurrency(1234, 'KWD', table).amount).toBe(346);
    const inYen = buildRateTable('JPY', [{ currency_id: 'EUR', exchange_rate: 160 }], CURRENCIES);
    expect(convertToEventCurrency(1050, 'EUR', inYen).amount).toBe(1680);
    // 0.005 EUR is 0.8 JPY: rounds to 1 yen.
    expect(
      convertToEventCurrency(
        -5,
        'EUR',
        buildRateTable(
          'JPY',
          [],
          [
            { id: 'EUR', decimals: 2, rate: 1 },
            { id: 'JPY', decimals: 0, rate: 1 / 160 },
          ],
        ),
      ).amount,
    ).toBe(-8);
  });

  it('leaves amounts in the event currency unchanged', () => {
    const table = buildRateTable('JPY', [], CURRENCIES);
    expect(convertToEventCurrency(1234, 'JPY', table)).toEqual({
      amount: 1234,
      missingRate: false,
    });
  });

  it('counts a currency missing from the global list as two digits without a rate', () => {
    const table = buildRateTable('EUR', [], CURRENCIES);
    expect(convertToEventCurrency(1234, 'XXX', table)).toEqual({ amount: 1234, missingRate: true });
    const withOwn = buildRateTable('EUR', [{ currency_id: 'XXX', exchange_rate: 2 }], CURRENCIES);
    expect(convertToEventCurrency(1234, 'XXX', withOwn)).toEqual({
      amount: 2468,
      missingRate: false,
    });
  });

  it('treats an event currency missing from the global list as two digits without a rate', () => {
    const table = buildRateTable('XXX', [], CURRENCIES);
    expect(table.eventCurrency).toEqual({ id: 'XXX', decimals: 2, rate: null });
    expect(convertToEventCurrency(1000, 'JPY', table)).toEqual({
      amount: 100000,
      missingRate: true,
    });
    expect(convertToEventCurrency(1000, 'EUR', table)).toEqual({ amount: 1000, missingRate: true });
  });
});

describe('convertExpense', () => {
  const eur = buildRateTable('EUR', [{ currency_id: 'USD', exchange_rate: 1.25 }], CURRENCIES);

  it('returns an expense in the event currency as it is', () => {
    const expense: ExpenseLike = {
      id: 'e1',
      amount: 3000,
      currency_id: 'EUR',
      payer: [{ user_id: 'ana', amount: 3000 }],
      participant: [
        { user_id: 'ana', amount: 1500 },
        { user_id: 'ben', amount: 1500 },
      ],
    };
    const converted = convertExpense(expense, eur);
    expect(converted.amount).toBe(3000);
    expect(converted.payer).toBe(expense.payer);
    expect(converted.participant).toBe(expense.participant);
    expect(converted.missingRate).toBe(false);
  });

  it('converts the total once and re-splits both sides in proportion', () => {
    const converted = convertExpense(
      {
        id: 'e2',
        amount: 10000,
        currency_id: 'USD',
        payer: [
          { user_id: 'ana', amount: 7000 },
          { user_id: 'ben', amount: 3000 },
        ],
        participant: [
          { user_id: 'ana', amount: 3334 },
          { user_id: 'ben', amount: 3333 },
          { user_id: 'cy', amount: 3333 },
          { user_id: 'di', amount: 0 },
        ],
      },
      eur,
    );
    expect(converted.amount).toBe(12500);
    expect(converted.payer).toEqual([
      { user_id: 'ana', amount: 8750 },
      { user_id: 'ben', amount: 3750 },
    ]);
    const shares = converted.participant.map((line) => line.amount);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(12500);
    expect(shares[0]).toBe(4168); // 4167.5 has the largest remainder
    expect(shares[3]).toBe(0);
  });

  it('re-splits a side in the event currency that does not add up to the amount', () => {
    const converted = convertExpense(
      {
        id: 'e3',
        amount: 100,
        currency_id: 'EUR',
        payer: [{ user_id: 'ana', amount: 100 }],
        participant: [
          { user_id: 'ana', amount: 1 },
          { user_id: 'ben', amount: 1 },
        ],
      },
      eur,
    );
    expect(converted.participant).toEqual([
      { user_id: 'ana', amount: 50 },
      { user_id: 'ben', amount: 50 },
    ]);
  });

  it('splits evenly a side whose lines are all zero, and refuses a side with nobody', () => {
    const base = {
      id: 'e4',
      amount: 10,
      currency_id: 'USD',
      payer: [{ user_id: 'ana', amount: 10 }],
    };
    const converted = convertExpense(
      {
        ...base,
        participant: [
          { user_id: 'ana', amount: 0 },
          { user_id: 'ben', amount: 0 },
        ],
      },
      eur,
    );
    expect(converted.participant.map((line) => line.amount).sort()).toEqual([6, 7]);
    expect(() => convertExpense({ ...base, participant: [] }, eur)).toThrow(RangeError);
  });

  it('keeps both sides summing exactly to the converted total', () => {
    const users = ['a', 'b', 'c', 'd', 'e'];
    fc.assert(
      fc.property(expenseArb(users), rateTableArb, (expense, table) => {
        const converted = convertExpense(expense, table);
        const total = convertToEventCurrency(expense.amount, expense.currency_id, table);
        expect(converted.amount).toBe(total.amount);
        expect(converted.missingRate).toBe(total.missingRate);
        for (const side of [converted.payer, converted.participant]) {
          expect(side.reduce((sum, line) => sum + line.amount, 0)).toBe(total.amount);
          for (const line of side) expect(Number.isSafeInteger(line.amount)).toBe(true);
        }
      }),
    );
  });
});
