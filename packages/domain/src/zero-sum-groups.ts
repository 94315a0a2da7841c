/**
 * The largest number of disjoint zero-sum groups that a list of balances splits into. Settling
 * n people takes at least n − groups transfers, and settling each group greedily reaches that.
 */

// Above this many zero-sum subsets, the quadratic chain search loses to the O(n·2^n) DP.
const CHAIN_LIMIT = 1024;

function indicesOf(mask: number): number[] {
  const indices: number[] = [];
  for (let bits = mask; bits !== 0; bits &= bits - 1) indices.push(31 - Math.clz32(bits & -bits));
  return indices;
}

/**
 * Every non-empty zero-sum subset, as masks in increasing order, or null past `limit`. Meets in
 * the middle: the sums of each half (2^10 each for 20 people) are matched through a map, so a
 * handful of zero-sum subsets among a million costs microseconds, not a pass over all of them.
 */
function zeroSumMasks(halves: Halves, limit: number): number[] | null {
  const { lowCount, lowSums, highSums } = halves;
  const lowBySum = new Map<number, number[]>();
  for (let low = 0; low < lowSums.length; low++) {
    const sum = lowSums[low] ?? 0;
    const list = lowBySum.get(sum);
    if (list === undefined) lowBySum.set(sum, [low]);
    else list.push(low);
  }
  const masks: number[] = [];
  for (let high = 0; high < highSums.length; high++) {
    // Map keys compare −0 and 0 as equal, as the sums should.
    const lows = lowBySum.get(-(highSums[high] ?? 0));
    if (lows === undefined) continue;
    for (const low of lows) {
      const mask = low | (high << lowCount);
      if (mask === 0) continue;
      masks.push(mask);
      if (masks.length > limit) return null;
    }
  }
  return masks.sort((a, b) => a - b);
}

/** Subset sums of each half: sum(mask) = lowSums[mask & lowMask] + highSums[mask >> lowCount]. */
interface Halves {
  lowCount: number;
  lowSums: Float64Array;
  highSums: Float64Array;
}

function halvesOf(values: readonly number[]): Halves {
  const lowCount = values.length >> 1;
  return {
    lowCount,
    lowSums: subsetSums(values.slice(0, lowCount)),
    highSums: subsetSums(values.slice(lowCount)),
  };
}

/** sums[mask] = the sum of the values whose bits are in mask (exact below 2^53). */
function subsetSums(values: readonly number[]): Float64Array {
  const size = 1 << values.length;
  const sums = new Float64Array(size);
  for (let mask = 1; mask < size; mask++) {
    const low = mask & -mask;
    sums[mask] = (sums[mask ^ low] ?? 0) + (values[31 - Math.clz32(low)] ?? 0);
  }
  return sums;
}

/**
 * Groups are the steps of the longest chain ∅ ⊂ Z1 ⊂ … ⊂ everyone of zero-sum subsets. Masks
 * come in increasing order, and a subset is never larger than its superset as a number, so
 * one pass in that order sees every chain's earlier links first.
 */
function groupsByChain(zeroMasks: readonly number[]): number[][] {
  const count = zeroMasks.length;
  const length = new Uint8Array(count);
  const previous = new Int32Array(count).fill(-1);
  for (let j = 0; j < count; j++) {
    const mask = zeroMasks[j] ?? 0;
    let best = 1;
    for (let i = 0; i < j; i++) {
      const inner = zeroMasks[i] ?? 0;
      const candidate = (length[i] ?? 0) + 1;
      if ((inner & mask) === inner && candidate > best) {
        best = candidate;
        previous[j] = i;
      }
    }
    length[j] = best;
  }
  const groups: number[][] = [];
  for (let j = count - 1; j >= 0; ) {
    const i = previous[j] ?? -1;
    groups.push(indicesOf((zeroMasks[j] ?? 0) ^ (i < 0 ? 0 : (zeroMasks[i] ?? 0))));
    j = i;
  }
  return groups;
}

/**
 * dp[mask] = max over i in mask of dp[mask − i], plus 1 when mask sums to zero. Removing one
 * person breaks at most one group, so the candidates differ by at most one from the first:
 * the scan stops as soon as one beats it.
 */
function groupsByDp({ lowCount, lowSums, highSums }: Halves, count: number): number[][] {
  const size = 1 << count;
  const lowMask = (1 << lowCount) - 1;
  // Summing two small tables on the fly beats reading an 8 MB table of 2^20 sums.
  const isZero = (mask: number): boolean =>
    (lowSums[mask & lowMask] ?? 0) + (highSums[mask >> lowCount] ?? 0) === 0;
  const dp = new Uint8Array(size);
  for (let mask = 1; mask < size; mask++) {
    const low = mask & -mask;
    const first = dp[mask ^ low] ?? 0;
    let best = first;
    for (let bits = mask ^ low; bits !== 0; bits &= bits - 1) {
      if ((dp[mask ^ (bits & -bits)] ?? 0) > first) {
        best = first + 1;
        break;
      }
    }
    dp[mask] = isZero(mask) ? best + 1 : best;
  }
  // Walk back from everyone along a best path; the zero-sum subsets met cut it into groups.
  const groups: number[][] = [];
  let current: number[] = [];
  let mask = size - 1;
  while (mask !== 0) {
    const target = (dp[mask] ?? 0) - (isZero(mask) ? 1 : 0);
    let index = 0;
    while (!((mask >> index) & 1) || dp[mask ^ (1 << index)] !== target) index++;
    mask ^= 1 << index;
    current.push(index);
    if (isZero(mask)) {
      groups.push(current);
      current = [];
    }
  }
  return groups;
}

/**
 * Splits balances into the largest number of disjoint groups that each sum to zero.
 *
 * @param values balances in minor units: at most 20, summing to 0, and with a sum of
 *   magnitudes within 2^53 so that every subset sum is exact
 * @param chainLimit internal tuning: how many zero-sum subsets the chain search handles before
 *   the subset DP takes over (both give a maximum; tests force each path)
 * @returns the groups, as lists of indices into `values`, covering every index once
 */
export function maxZeroSumGroups(values: readonly number[], chainLimit = CHAIN_LIMIT): number[][] {
  if (values.length > 20) throw new RangeError('at most 20 balances can be grouped exactly');
  if (values.length === 0) return [];
  let total = 0;
  for (const value of values) total += value;
  if (total !== 0) throw new RangeError('balances must sum to 0');
  const halves = halvesOf(values);
  const zeroMasks = zeroSumMasks(halves, chainLimit);
  if (zeroMasks === null) return groupsByDp(halves, values.length);
  return groupsByChain(zeroMasks);
}
