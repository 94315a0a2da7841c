import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CurrencyInfo } from '../src/index';
import { buildRateTable, computeBalances, personStatement } from '../src/index';
import { eventArb } from './arbitraries';

const CURRENCIES: CurrencyInfo[] = [
  { id: 'EUR', decimals: 2, rate: 1 },
  { id: 'USD', decimals: 2, rate: 1 / 1.16 },
];
const rates = buildRateTable('EUR', [{ currency_id: 'USD', exchange_rate: 0.92 }], CURRENCIES);

describe('personStatement', () => {
  it('lists what a person paid and shared, and the payments they sent and received', () => {
    const lines = personStatement('ben', {
      rates,
      expenditures: [
        {
          id: 'dinner',
          amount: 9000,
          currency_id: 'EUR',
          payer: [{ user_id: 'ana', amount: 9000 }],
          participant: [
            { user_id: 'ana', amount: 3000 },
            { user_id: 'ben', amount: 3000 },
            { user_id: 'cleo', amount: 3000 },
          ],
        },
        {
          id: 'taxi',
          amount: 4000,
          currency_id: 'USD',
          payer: [{ user_id: 'ben', amount: 4000 }],
          participant: [{ user_id: 'ana', amount: 4000 }],
        },
        {
          id: 'museum',
          amount: 2000,
          currency_id: 'EUR',
          payer: [{ user_id: 'ana', amount: 2000 }],
          participant: [{ user_id: 'ana', amount: 2000 }],
        },
      ],
      payments: [
        { id: 'cash', payer_id: 'ben', payee_id: 'ana', amount: 1000, currency_id: 'EUR' },
        { id: 'back', payer_id: 'ana', payee_id: 'cleo', amount: 500, currency_id: 'EUR' },
      ],
    });
    expect(lines).toEqual([
      { kind: 'expense', id: 'dinner', paid: 0, received: 3000, effect: -3000 },
      // 40.00 USD at the event's rate 0.92 is 36.80 EUR.
      { kind: 'expense', id: 'taxi', paid: 3680, received: 0, effect: 3680 },
      { kind: 'payment', id: 'cash', paid: 1000, received: 0, effect: 1000 },
    ]);
  });

  it('adds up to the person’s balance for every person of any event', () => {
    fc.assert(
      fc.property(eventArb, (event) => {
        const { balances } = computeBalances(event);
        for (const row of balances) {
          const lines = personStatement(row.user_id, event);
          expect(lines.reduce((sum, line) => sum + line.effect, 0)).toBe(row.balance);
          expect(lines.every((line) => line.effect === line.paid - line.received)).toBe(true);
        }
      }),
    );
  });

  it('is empty for someone no expense or payment mentions', () => {
    fc.assert(
      fc.property(eventArb, (event) => {
        expect(personStatement('nobody-at-all', event)).toEqual([]);
      }),
    );
  });
});
