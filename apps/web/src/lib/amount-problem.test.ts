import { LIMITS } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { amountProblemOf } from './amount-problem';

describe('amountProblemOf', () => {
  it('says what is wrong with an amount, and nothing for a good one', () => {
    expect(amountProblemOf('  ', null)).toBe('required');
    expect(amountProblemOf('12,5x', null)).toBe('number');
    expect(amountProblemOf('0', 0)).toBe('positive');
    expect(amountProblemOf('-5', -500)).toBe('positive');
    expect(amountProblemOf('-5', -500, { expense: true })).toBe('received');
    expect(amountProblemOf('12.50', 1250, { expense: true })).toBeNull();
    expect(amountProblemOf('1000000000', LIMITS.maxAmount)).toBeNull();
    expect(amountProblemOf('1000000000.01', LIMITS.maxAmount + 1)).toBe('tooLarge');
  });

  it('calls a number too long to read too large, not "not a number"', () => {
    expect(amountProblemOf('99 999 999 999 999 999', null)).toBe('tooLarge');
    expect(amountProblemOf('99999999999999999,50', null)).toBe('tooLarge');
    expect(amountProblemOf('99999999999999999 EUR', null)).toBe('number');
  });
});
