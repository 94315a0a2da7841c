import { allocate } from './allocate';
import { assertMinorUnits } from './money';

/** How an expense is split: equally, by shares, by percentages, or by exact amounts. */
export type SplitMode = 'evenly' | 'shares' | 'percent' | 'exact';

/** Why a split could not be made; `message` is English, the UI localises by `code`. */
export interface SplitError {
  code: 'no-people' | 'invalid-weight' | 'no-weight' | 'percent-total' | 'exact-total';
  message: string;
  /** For `exact-total`: amount − sum of the exact amounts, in minor units. */
  remaining?: number;
}

export type SplitResult =
  | { ok: true; shares: Map<string, number> }
  | { ok: false; error: SplitError };

export interface SplitInput {
  /** The total in minor units (negative for a refund). */
  amount: number;
  mode: SplitMode;
  /** Each person once. `weight` is ignored for evenly; a missing weight counts as 0 otherwise. */
  people: readonly { id: string; weight?: number }[];
  /** The expense id: it decides ties, so the order of `people` never does. */
  tieKey: string;
}

const PERCENT_TOLERANCE = 1e-9;

function fail(code: SplitError['code'], message: string, remaining?: number): SplitResult {
  return {
    ok: false,
    error: remaining === undefined ? { code, message } : { code, message, remaining },
  };
}

function describe(value: number): string {
  return String(Number(value.toPrecision(12)));
}

function splitExact(amount: number, people: SplitInput['people']): SplitResult {
  const shares = new Map<string, number>();
  let sum = 0;
  for (const person of people) {
    const value = person.weight ?? 0;
    if (!Number.isSafeInteger(value)) {
      return fail(
        'invalid-weight',
        'Each amount can have no more decimals than its currency allows.',
      );
    }
    if (value !== 0 && Math.sign(value) !== Math.sign(amount)) {
      return fail(
        'invalid-weight',
        amount < 0
          ? 'For a refund, each amount must be zero or negative.'
          : 'Each amount must be zero or more.',
      );
    }
    shares.set(person.id, value);
    sum += value;
  }
  const remaining = amount - sum;
  if (remaining !== 0) {
    const message =
      remaining > 0
        ? `The amounts must add up to the total: ${remaining} minor units are left to assign.`
        : `The amounts must add up to the total: they exceed it by ${-remaining} minor units.`;
    return fail('exact-total', message, remaining);
  }
  return { ok: true, shares };
}

/**
 * Splits an amount among people in one of the four modes; every split in the product goes
 * through here (and through `allocate`), so shares always sum exactly to the amount.
 *
 * - evenly: weights are ignored, everyone counts 1.
 * - shares: weights ≥ 0, at least one above 0.
 * - percent: weights are percentages (up to 9 decimals) that add up to 100.
 * - exact: weights are the shares themselves in minor units and must add up to the amount.
 *
 * @param input.amount the total in minor units of the expense's currency (a safe integer)
 * @returns each person's share in minor units, or an error a person can act on
 * @throws RangeError when `amount` is not a safe integer (a programming error, not input)
 */
export function splitAmount(input: SplitInput): SplitResult {
  const { amount, mode, people, tieKey } = input;
  assertMinorUnits(amount);
  if (people.length === 0) return fail('no-people', 'Choose at least one person to split with.');
  const ids = new Set<string>();
  for (const person of people) ids.add(person.id);
  if (ids.size !== people.length) {
    return fail('invalid-weight', 'Each person can appear only once in a split.');
  }
  if (mode === 'exact') return splitExact(amount, people);

  let total = 0;
  const weighted = people.map((person) => {
    const weight = mode === 'evenly' ? 1 : (person.weight ?? 0);
    total += weight;
    return { id: person.id, weight };
  });
  for (const { weight } of weighted) {
    if (!Number.isFinite(weight) || weight < 0) {
      return fail(
        'invalid-weight',
        mode === 'percent'
          ? 'Each percentage must be zero or more.'
          : 'Each share must be zero or more.',
      );
    }
  }
  if (mode === 'percent' && Math.abs(total - 100) > PERCENT_TOLERANCE) {
    return fail(
      'percent-total',
      `The percentages must add up to 100 % (they add up to ${describe(total)} %).`,
    );
  }
  if (!(total > 0)) return fail('no-weight', 'Give at least one person a share above zero.');
  try {
    return { ok: true, shares: allocate(amount, weighted, tieKey) };
  } catch (error) {
    // The amount and ids are checked above, so allocate can only object to a weight's precision.
    if (error instanceof RangeError) {
      return fail('invalid-weight', 'Use at most 9 decimal places in a share or percentage.');
    }
    throw error;
  }
}

/**
 * What is still to assign in the exact mode, for a live "left to assign" line.
 *
 * @param amount the total in minor units
 * @param assigned the amounts typed so far, in the same minor units
 * @returns amount − sum(assigned), in minor units (negative when too much is assigned)
 */
export function remainingToAssign(amount: number, assigned: readonly number[]): number {
  let remaining = assertMinorUnits(amount);
  for (const value of assigned) remaining -= assertMinorUnits(value, 'assigned amount');
  return remaining;
}
