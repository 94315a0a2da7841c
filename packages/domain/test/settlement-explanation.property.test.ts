import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBalances, explainPlan, settle } from '../src/index';
import { eventArb } from './arbitraries';

describe('a plan explained transfer by transfer', () => {
  it('tells each payer’s debt and payee’s credit from the balances, and the plan adds up to them', () => {
    fc.assert(
      fc.property(eventArb, (event) => {
        const { balances } = computeBalances(event);
        const plan = settle(balances);
        const explained = explainPlan(balances, plan);
        expect(explained.transfers.map((item) => item.transfer)).toEqual(plan);
        for (const { transfer, from, to, fromPays, toGets } of explained.transfers) {
          expect(from.user_id).toBe(transfer.from_user_id);
          expect(to.user_id).toBe(transfer.to_user_id);
          // The words say: paid − share, with payments made and received, is the balance.
          expect(from.paid - from.share + from.payments_made - from.payments_received).toBe(
            from.balance,
          );
          expect(to.paid - to.share + to.payments_made - to.payments_received).toBe(to.balance);
          // What the payer pays in all is what they owe; what the payee gets, what they are owed.
          expect(fromPays.reduce((sum, item) => sum + item.amount, 0)).toBe(-from.balance);
          expect(toGets.reduce((sum, item) => sum + item.amount, 0)).toBe(to.balance);
          expect(fromPays).toContain(transfer);
          expect(toGets).toContain(transfer);
        }
        // Never more than one fewer transfers than the people who owe or are owed.
        expect(explained.involved).toBe(balances.filter((row) => row.balance !== 0).length);
        expect(plan.length).toBeLessThanOrEqual(Math.max(0, explained.involved - 1));
        expect(explained.fewest).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('says a plan of more than 20 people left after pairing is few, not the fewest', () => {
    const rows = Array.from({ length: 23 }, (_, index) => {
      const balance = index < 22 ? -(index + 1) : 253;
      return {
        user_id: `P${String(index).padStart(2, '0')}`,
        paid: Math.max(balance, 0),
        share: Math.max(-balance, 0),
        payments_made: 0,
        payments_received: 0,
        balance,
      };
    });
    const explained = explainPlan(rows, settle(rows));
    expect(explained.fewest).toBe(false);
    expect(explained.involved).toBe(23);
  });

  it('refuses a plan that names someone without a balance', () => {
    expect(() => explainPlan([], [{ from_user_id: 'A', to_user_id: 'B', amount: 100 }])).toThrow(
      RangeError,
    );
  });
});
