import { parseAmount } from './amount-parse';
import type { CurrencyInfo } from './rates';

/** Digits kept of a typed exchange rate: enough for 1 VND = 0.0000353 EUR. */
const RATE_DIGITS = 8;

/**
 * Reads an exchange rate typed by a person ("0,92" or "0.92"), as `parseAmount` reads amounts.
 *
 * @param input the rate as typed: units of the event currency for one unit of the other
 * @param locale decides what a lone separator before three digits means
 * @returns the rate, exact to 8 decimals, or null when it is not a number above zero
 */
export function parseExchangeRate(input: string, locale = 'en'): number | null {
  const scaled = parseAmount(input, RATE_DIGITS, locale);
  if (scaled === null || scaled <= 0) return null;
  return scaled / 10 ** RATE_DIGITS;
}

/**
 * The rate the global list implies: how many units of `target` one unit of `source` is worth,
 * rate(source) / rate(target), rounded to 8 significant digits so it reads like a quoted rate.
 *
 * @returns null when either currency has no known rate
 */
export function defaultExchangeRate(
  source: Pick<CurrencyInfo, 'rate'> | undefined,
  target: Pick<CurrencyInfo, 'rate'> | undefined,
): number | null {
  const from = source?.rate;
  const to = target?.rate;
  if (!from || !to || !Number.isFinite(from) || !Number.isFinite(to)) return null;
  return Number((from / to).toPrecision(8));
}
