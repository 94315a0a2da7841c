import { assertMinorUnits } from './money';

/** One person's claim on an amount: a finite weight ≥ 0 (a count, a share, a percentage…). */
export interface Weighted {
  id: string;
  weight: number;
}

const MAX_WEIGHT_DECIMALS = 9;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Continues a 32-bit FNV-1a hash over the UTF-16 code units of `text`. */
function fnv1a(hash: number, text: string): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  }
  return h >>> 0;
}

/** Number of decimal places (0…9) that make `weight` an integer, or -1 when none does. */
function decimalPlaces(weight: number): number {
  if (Number.isInteger(weight)) return 0;
  for (let k = 1, scale = 10; k <= MAX_WEIGHT_DECIMALS; k++, scale *= 10) {
    // The weight is "k decimals" when it is the double nearest to some integer / 10^k.
    if (Math.round(weight * scale) / scale === weight) return k;
  }
  return -1;
}

type IntegerWeights =
  | { exact: 'number'; weights: readonly number[] }
  | { exact: 'bigint'; weights: readonly bigint[] };

/**
 * Turns weights into integers with the same ratios (scaled by one power of ten), so that shares
 * are exact. Numbers when every scaled weight is a safe integer, else BigInts.
 */
function scaleWeights(weights: readonly number[]): IntegerWeights {
  let allSafeIntegers = true;
  for (const weight of weights) {
    if (!Number.isFinite(weight) || weight < 0) {
      throw new RangeError(`weights must be finite and ≥ 0, got ${weight}`);
    }
    if (!Number.isSafeInteger(weight)) allSafeIntegers = false;
  }
  if (allSafeIntegers) return { exact: 'number', weights };

  const places = weights.map(decimalPlaces);
  const index = places.indexOf(-1);
  if (index >= 0) {
    throw new RangeError(`weight ${weights[index]} has more than ${MAX_WEIGHT_DECIMALS} decimals`);
  }
  const most = Math.max(...places);
  const scaled = weights.map((weight, i) => {
    const k = places[i] ?? 0;
    return Math.round(weight * 10 ** k) * 10 ** (most - k);
  });
  if (scaled.every(Number.isSafeInteger)) return { exact: 'number', weights: scaled };
  const bigs = weights.map((weight, i) => {
    const k = places[i] ?? 0;
    return BigInt(Math.round(weight * 10 ** k)) * 10n ** BigInt(most - k);
  });
  return { exact: 'bigint', weights: bigs };
}

/**
 * The text that orders position `i` in a tie: `${tieKey}:${id}` by default (see `allocate`).
 * Kept apart so that an imported copy can order its people by the texts of the original.
 */
export type TieText = (index: number) => string;

/**
 * Hands `leftover` units, one each, to the largest remainders (all share one denominator).
 * Ties fall by a hash of each position's tie text, then the text, then the position (only
 * reached when texts repeat), never by order alone. Picks by repeated selection: leftover <
 * count, and count is a handful of people, so this beats sorting and allocates only the hashes.
 */
function distributeLeftover(
  shares: number[],
  remainders: readonly number[],
  leftover: number,
  tieText: TieText,
): void {
  const count = shares.length;
  const texts: string[] = [];
  // A hash is ≥ 0; −1 marks a position that already got its unit.
  const hashes: number[] = [];
  for (let i = 0; i < count; i++) {
    texts.push(tieText(i));
    hashes.push(fnv1a(FNV_OFFSET, texts[i] ?? ''));
  }
  for (let round = 0; round < leftover; round++) {
    let best = -1;
    let bestRemainder = 0;
    let bestHash = 0;
    for (let i = 0; i < count; i++) {
      const hash = hashes[i] ?? -1;
      if (hash < 0) continue;
      const remainder = remainders[i] ?? 0;
      if (
        best < 0 ||
        remainder > bestRemainder ||
        (remainder === bestRemainder &&
          (hash < bestHash || (hash === bestHash && (texts[i] ?? '') < (texts[best] ?? ''))))
      ) {
        best = i;
        bestRemainder = remainder;
        bestHash = hash;
      }
    }
    hashes[best] = -1;
    shares[best] = (shares[best] ?? 0) + 1;
  }
}

/** Replaces BigInt remainders by ranks (equal stay equal), so the selection compares Numbers. */
function rankRemainders(remainders: readonly bigint[]): number[] {
  const sorted = [...remainders].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const rankOf = new Map<bigint, number>();
  sorted.forEach((remainder, rank) => {
    if (!rankOf.has(remainder)) rankOf.set(remainder, rank);
  });
  return remainders.map((remainder) => rankOf.get(remainder) ?? 0);
}

/**
 * Largest-remainder allocation by position; `ids` only break ties (and need not be unique here).
 *
 * @param amount minor units to hand out (negative for a refund)
 * @param weights one finite weight ≥ 0 per position, with a positive total
 * @param ids one id per position, for the tie-break hash
 * @param tieKey usually the expense id, so ties fall differently per expense but never by order
 * @returns one share per position, in minor units, summing exactly to `amount`
 */
export function allocateByIndex(
  amount: number,
  weights: readonly number[],
  ids: readonly string[],
  tieKey: string,
): number[] {
  if (ids.length !== weights.length) throw new RangeError('weights and ids differ in length');
  return allocateByTieText(amount, weights, (i) => `${tieKey}:${ids[i] ?? ''}`);
}

/**
 * Largest-remainder allocation by position, ties ordered by each position's text; the engine
 * behind `allocate` and the conversion of expenses.
 *
 * @param amount minor units to hand out (negative for a refund)
 * @param weights one finite weight ≥ 0 per position, with a positive total
 * @param tieText the text that orders each position in a tie (hashed, so not alphabetically)
 * @returns one share per position, in minor units, summing exactly to `amount`
 */
export function allocateByTieText(
  amount: number,
  weights: readonly number[],
  tieText: TieText,
): number[] {
  assertMinorUnits(amount);
  const count = weights.length;
  const magnitude = Math.abs(amount);
  const scaled = scaleWeights(weights);
  let shares: number[];
  let remainders: number[];
  let handedOut = 0;

  let numberTotal = 0;
  if (scaled.exact === 'number') for (const w of scaled.weights) numberTotal += w;
  if (
    scaled.exact === 'number' &&
    Number.isSafeInteger(numberTotal) &&
    Number.isSafeInteger(magnitude * numberTotal)
  ) {
    if (!(numberTotal > 0)) throw new RangeError('weights must have a positive total');
    const ints = scaled.weights;
    shares = [];
    const numberRemainders: number[] = [];
    for (let i = 0; i < count; i++) {
      // magnitude × weight ≤ magnitude × total is a safe integer, so this is exact.
      const product = magnitude * (ints[i] ?? 0);
      let quotient = Math.floor(product / numberTotal);
      let remainder = product - quotient * numberTotal;
      // The float division can land one off near an integer; the remainder tells.
      if (remainder < 0) {
        quotient -= 1;
        remainder += numberTotal;
      } else if (remainder >= numberTotal) {
        quotient += 1;
        remainder -= numberTotal;
      }
      shares.push(quotient);
      numberRemainders.push(remainder);
      handedOut += quotient;
    }
    remainders = numberRemainders;
  } else {
    const bigs = scaled.exact === 'number' ? scaled.weights.map((w) => BigInt(w)) : scaled.weights;
    let total = 0n;
    for (const w of bigs) total += w;
    if (total <= 0n) throw new RangeError('weights must have a positive total');
    const big = BigInt(magnitude);
    shares = [];
    const bigRemainders: bigint[] = [];
    for (let i = 0; i < count; i++) {
      const product = big * (bigs[i] ?? 0n);
      const quotient = Number(product / total);
      shares.push(quotient);
      bigRemainders.push(product % total);
      handedOut += quotient;
    }
    remainders = rankRemainders(bigRemainders);
  }

  const leftover = magnitude - handedOut;
  if (leftover > 0) distributeLeftover(shares, remainders, leftover, tieText);
  if (amount < 0) for (let i = 0; i < count; i++) shares[i] = 0 - (shares[i] ?? 0);
  return shares;
}

/**
 * Splits an amount among people by weights, exactly: each gets floor(|amount| × w / W) minor
 * units and the leftover units go one each to the largest remainders. Ties fall by a 32-bit
 * FNV-1a hash of `${tieKey}:${id}` (then by id), so the order of the list never changes the
 * result. A negative amount (a refund) is split as its magnitude, then negated.
 *
 * Weights may have up to 9 decimals (33.33, 1.5); they are scaled to integers first.
 *
 * @param amount minor units of some currency (a safe integer, may be negative)
 * @param weights finite weights ≥ 0 with a positive total, ids unique
 * @param tieKey the expense id (or any stable key) that seeds the tie-break
 * @returns each id's share in minor units (zero weights get 0); shares sum exactly to `amount`
 * @throws RangeError on bad weights, duplicated ids or a non-integer amount
 */
export function allocate(
  amount: number,
  weights: readonly Weighted[],
  tieKey: string,
): Map<string, number> {
  const count = weights.length;
  const ids: string[] = [];
  const raw: number[] = [];
  for (const entry of weights) {
    ids.push(entry.id);
    raw.push(entry.weight);
  }
  const shares = allocateByIndex(amount, raw, ids, tieKey);
  const result = new Map<string, number>();
  for (let i = 0; i < count; i++) result.set(ids[i] ?? '', shares[i] ?? 0);
  if (result.size !== count) throw new RangeError('each id may appear only once');
  return result;
}
