/**
 * Money is an integer count of minor units of a named currency (cents for EUR, yen for JPY,
 * fils for KWD). Major units only appear when parsing input or formatting output.
 */

/**
 * Guards an amount in minor units: it must be a safe integer, because any fraction or any value
 * beyond 2^53 − 1 would silently lose cents in later arithmetic.
 *
 * @param value an amount in minor units
 * @param what names the value in the error message
 * @returns the same value, in minor units
 * @throws RangeError when the value is not a safe integer
 */
export function assertMinorUnits(value: number, what = 'amount'): number {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${what} must be a whole number of minor units, got ${value}`);
  }
  return value;
}

/**
 * Rounds to the nearest integer, halves away from zero (2.5 → 3, −2.5 → −3), as the product's
 * conversion rule says. Unit-agnostic: the caller's value is already scaled to minor units.
 *
 * Float noise is stripped first (to 15 significant digits) so that a product such as
 * 1.005 × 100 = 100.49999999999999 rounds as the decimal it stands for. From 1e15 upwards the
 * 15th digit is in the integer part, so stripping there would change whole units: it is skipped.
 *
 * @param value a number in minor units, possibly fractional
 * @returns an integer in minor units (never −0)
 */
export function roundHalfAwayFromZero(value: number): number {
  let magnitude = Math.abs(value);
  const fraction = magnitude - Math.floor(magnitude);
  // Stripping moves the value by under 1e-14 of itself, which only matters near a half; the
  // string round trip is slow, so it is skipped elsewhere (same result either way).
  if (Math.abs(fraction - 0.5) <= magnitude * 1e-13 && magnitude < 1e15) {
    magnitude = Math.abs(Number(value.toPrecision(15)));
  }
  const rounded = Math.round(magnitude);
  // `+ 0` turns −0 into 0 so that callers never see a negative zero.
  return (value < 0 ? -rounded : rounded) + 0;
}

/**
 * Writes an amount in minor units as an exact decimal string in major units, by string
 * operations only (no float division): (12345, 2) → "123.45", (−5, 2) → "-0.05".
 *
 * @param minor an amount in minor units (a safe integer)
 * @param decimals the currency's number of minor-unit digits (0 to 20)
 * @returns the amount in major units, with exactly `decimals` fraction digits
 */
export function toMajorString(minor: number, decimals: number): string {
  assertMinorUnits(minor);
  assertDecimals(decimals);
  const digits = Math.abs(minor)
    .toString()
    .padStart(decimals + 1, '0');
  const sign = minor < 0 ? '-' : '';
  if (decimals === 0) return `${sign}${digits}`;
  const cut = digits.length - decimals;
  return `${sign}${digits.slice(0, cut)}.${digits.slice(cut)}`;
}

/**
 * Guards a currency's number of minor-unit digits: an integer from 0 to 20 (the range
 * `Intl.NumberFormat` accepts; ISO 4217 uses 0 to 4).
 *
 * @throws RangeError otherwise
 */
export function assertDecimals(decimals: number): number {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`decimals must be an integer from 0 to 20, got ${decimals}`);
  }
  return decimals;
}
