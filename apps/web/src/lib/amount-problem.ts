import { type Currency, LIMITS } from '@quits/contract';
import type { TFunction } from 'i18next';
import { formatMoney } from './money';

/** What is wrong with an amount typed into an expense's or a payment's amount field. */
export type AmountProblem = 'required' | 'number' | 'positive' | 'received' | 'tooLarge';

/** Digits and the marks that group them or set off decimals: what a number is written with. */
const WRITTEN_NUMBER = /^[\s\d.,'’]+$/u;
/** More digits than any amount the API takes has (a billion, and four decimals). */
const TOO_MANY_DIGITS = 14;

/**
 * Says what is wrong with `text`, read as `amount` (null: not read), so that the message can
 * name it: left empty, not a number, zero or below (below zero on an expense: "Received" is for
 * money in), or past the largest amount the server takes. Null when it is a good amount.
 */
export function amountProblemOf(
  text: string,
  amount: number | null,
  options: { expense?: boolean } = {},
): AmountProblem | null {
  const typed = text.trim();
  if (typed === '') return 'required';
  if (amount === null) {
    // Too many digits to be read as a safe number is still a number: it is too large.
    const digits = typed.replace(/\D/g, '').length;
    return WRITTEN_NUMBER.test(typed) && digits > TOO_MANY_DIGITS ? 'tooLarge' : 'number';
  }
  if (amount < 0 && options.expense) return 'received';
  if (amount <= 0) return 'positive';
  if (amount > LIMITS.maxAmount) return 'tooLarge';
  return null;
}

/** The message for `problem`, with the largest amount said in `currency`. */
export function amountProblemText(
  problem: AmountProblem,
  currency: Pick<Currency, 'id' | 'decimals'>,
  t: TFunction,
): string {
  switch (problem) {
    case 'required':
      return t('validation.required');
    case 'number':
      return t('validation.number');
    case 'positive':
      return t('validation.amountPositive');
    case 'received':
      return t('validation.amountReceived');
    case 'tooLarge':
      return t('validation.amountTooLarge', { max: formatMoney(LIMITS.maxAmount, currency) });
  }
}
