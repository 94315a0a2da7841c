import { allocate } from './allocate';
import { assertMinorUnits } from './money';

/** One line of a receipt and who had it; `amount` in minor units (negative for a discount). */
export interface AssignedItem {
  amount: number;
  /** The people who share this line equally; at least one. */
  people: readonly string[];
}

/** Why a split by items could not be made; `message` is English, the UI localises by `code`. */
export interface ItemisedSplitError {
  code: 'no-items' | 'unassigned-item' | 'no-item-total' | 'negative-subtotal';
  message: string;
}

export type ItemisedSplitResult =
  | {
      ok: true;
      /** What each person pays of the total, in minor units; sums exactly to the total. */
      shares: Map<string, number>;
      /** What each person's items add up to, before tax and service, in minor units. */
      subtotals: Map<string, number>;
    }
  | { ok: false; error: ItemisedSplitError };

export interface ItemisedSplitInput {
  /** The amount paid in minor units: the items plus tax, service or rounding (or minus a discount). */
  total: number;
  items: readonly AssignedItem[];
  /** The expense id: it decides ties, so the order of items and people never does. */
  tieKey: string;
}

function fail(code: ItemisedSplitError['code'], message: string): ItemisedSplitResult {
  return { ok: false, error: { code, message } };
}

/**
 * Splits a receipt by its items: each item goes equally to the people who had it (through
 * `allocate`, so nobody's part of an item is off by more than one minor unit), then the total is
 * shared in proportion to those item subtotals, again through `allocate`. The difference
 * between the total and the items' sum (tax, service, rounding, a discount at the bottom of the
 * receipt) is thereby spread proportionally, and when the total equals the items' sum everyone
 * pays exactly their items. People without items pay nothing and are absent from the result.
 *
 * @param input.total minor units of the expense's currency (a safe integer)
 * @param input.items item amounts in the same minor units, each with at least one person
 * @returns each person's share in minor units, summing exactly to `total`, or an error a person
 *   can act on (an item nobody had, no items, items adding up to nothing, a person whose items
 *   add up to less than nothing)
 * @throws RangeError when an amount is not a safe integer (a programming error, not input)
 */
export function itemisedSplit(input: ItemisedSplitInput): ItemisedSplitResult {
  const { total, items, tieKey } = input;
  assertMinorUnits(total, 'total');
  if (items.length === 0) return fail('no-items', 'There are no items to split.');
  const subtotals = new Map<string, number>();
  for (const [index, item] of items.entries()) {
    assertMinorUnits(item.amount, 'item amount');
    const people = [...new Set(item.people)];
    if (people.length === 0) {
      return fail('unassigned-item', 'Give each item to at least one person.');
    }
    // Each item has its own tie key, so that the odd cents of many items do not all fall on
    // the same person.
    const parts = allocate(
      item.amount,
      people.map((id) => ({ id, weight: 1 })),
      `${tieKey}:${index}`,
    );
    for (const [id, part] of parts) subtotals.set(id, (subtotals.get(id) ?? 0) + part);
  }
  for (const subtotal of subtotals.values()) {
    if (subtotal < 0) {
      return fail('negative-subtotal', "Someone's items add up to less than nothing.");
    }
  }
  const weights = [...subtotals].map(([id, weight]) => ({ id, weight }));
  if (!weights.some((entry) => entry.weight > 0)) {
    return fail('no-item-total', 'The items add up to nothing, so there is nothing to go by.');
  }
  const shares = allocate(total, weights, tieKey);
  // Someone whose items cost nothing pays nothing: leave them out, as a split leaves out
  // people who do not take part.
  for (const [id, subtotal] of subtotals) {
    if (subtotal === 0) {
      shares.delete(id);
      subtotals.delete(id);
    }
  }
  return { ok: true, shares, subtotals };
}
