import { assertMinorUnits, roundHalfAwayFromZero } from './money';

/** One published day of ECB reference rates: `per_euro[X]` units of X buy one euro. */
export interface RateDay {
  /** YYYY-MM-DD. */
  date: string;
  per_euro: Readonly<Record<string, number>>;
}

/** A rate found for a day: the value and the day it was published (on or before the one asked). */
export interface DatedRate {
  value: number;
  date: string;
}

/**
 * How far back a lookup may reach for a currency's last published rate, in days. The ECB's longest
 * closures (Easter, Christmas to New Year) are four days; a longer gap means the ECB stopped
 * quoting the currency (RUB in 2022) or the history has not been refreshed, and an old rate
 * passed off as the day's would mislead.
 */
export const RATE_MAX_AGE_DAYS = 10;

const DAY_MS = 86_400_000;

function daysBetween(earlier: string, later: string): number {
  return Math.round((Date.parse(later) - Date.parse(earlier)) / DAY_MS);
}

/** Index of the last day on or before `date` in days sorted oldest first, −1 when none. */
function lastIndexOnOrBefore(days: readonly RateDay[], date: string): number {
  let low = 0;
  let high = days.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((days[middle] as RateDay).date <= date) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** The last published day on or before `date` in days sorted oldest first, or null when none. */
export function rateDayOn(days: readonly RateDay[], date: string): RateDay | null {
  return days[lastIndexOnOrBefore(days, date)] ?? null;
}

/**
 * Units of `currencyId` one euro bought on `date`: the last published day on or before it that
 * quotes the currency (a weekend or holiday takes the working day before), EUR being 1.
 *
 * @param days the history, sorted oldest day first
 * @returns null before the first published day (1999-01-04), before the ECB began quoting the
 *   currency, or when its last quote is more than RATE_MAX_AGE_DAYS older than `date`
 */
export function perEuroOn(
  days: readonly RateDay[],
  currencyId: string,
  date: string,
): DatedRate | null {
  for (let index = lastIndexOnOrBefore(days, date); index >= 0; index--) {
    const day = days[index] as RateDay;
    if (daysBetween(day.date, date) > RATE_MAX_AGE_DAYS) return null;
    if (currencyId === 'EUR') return { value: 1, date: day.date };
    const value = day.per_euro[currencyId];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
      return { value, date: day.date };
    }
  }
  return null;
}

/**
 * How many units of `to` one unit of `from` was worth on `date` by the ECB's reference rates,
 * per_euro(to) / per_euro(from), rounded to 8 significant digits like a quoted rate.
 *
 * @returns the rate and the older of the two publication days; null when either has no rate
 */
export function ecbRateOn(
  days: readonly RateDay[],
  from: string,
  to: string,
  date: string,
): DatedRate | null {
  const source = perEuroOn(days, from, date);
  const target = perEuroOn(days, to, date);
  if (!source || !target) return null;
  return {
    value: Number((target.value / source.value).toPrecision(8)),
    date: [source.date, target.date].sort()[0] as string,
  };
}

/**
 * Converts minor units of one currency into minor units of another at `rate` (units of the
 * target for one unit of the source): round(amount × rate × 10^(toDecimals − fromDecimals)),
 * halves away from zero.
 *
 * @throws RangeError when the result is beyond the safe integer range
 */
export function convertAtRate(
  amount: number,
  rate: number,
  fromDecimals: number,
  toDecimals: number,
): number {
  assertMinorUnits(amount);
  const shift = toDecimals - fromDecimals;
  const scaled = shift >= 0 ? amount * rate * 10 ** shift : (amount * rate) / 10 ** -shift;
  return assertMinorUnits(roundHalfAwayFromZero(scaled), 'converted amount');
}

/**
 * The rate two amounts imply, fees included: what was charged in the target currency for the
 * amount in the source currency (units of target per unit of source, unrounded so that
 * `convertAtRate(amount, derivedRate(…))` gives `charged` back).
 *
 * @param amount minor units of the source currency, not zero
 * @param charged minor units of the target currency
 * @returns null when the amount is zero or the two have opposite signs
 */
export function derivedRate(
  amount: number,
  fromDecimals: number,
  charged: number,
  toDecimals: number,
): number | null {
  assertMinorUnits(amount);
  assertMinorUnits(charged);
  if (amount === 0 || charged === 0 || amount > 0 !== charged > 0) return null;
  return (charged / amount) * 10 ** (fromDecimals - toDecimals);
}
