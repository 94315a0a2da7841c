/**
 * Spliit's own definition of each participant's share of an expense (its `src/lib/shares.ts`,
 * MIT licence, © Sebastien Castiel and contributors), kept step for step so that an imported
 * group shows the balances Spliit showed, to the minor unit: floors of the exact shares, the
 * units left over by largest remainder, ties rotated by a hash of the expense id (FNV-1a).
 */

export type SpliitSplitMode = 'EVENLY' | 'BY_SHARES' | 'BY_PERCENTAGE' | 'BY_AMOUNT';

export interface SpliitShareInput {
  id: string | null;
  /** Minor units of the group currency (negative for money received). */
  amount: number;
  splitMode: SpliitSplitMode;
  paidFor: { participantId: string; shares: number }[];
}

function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function apportion(
  amount: number,
  shares: number[],
  totalShares: number,
  offset: number,
): number[] {
  const count = shares.length;
  if (count === 0) return [];
  if (totalShares === 0) return shares.map(() => 0);
  const amounts: number[] = [];
  const remainders: { index: number; remainder: number }[] = [];
  let distributed = 0;
  shares.forEach((share, index) => {
    const exact = amount * share;
    const base = Math.floor(exact / totalShares);
    amounts.push(base);
    distributed += base;
    remainders.push({ index, remainder: exact - base * totalShares });
  });
  const remaining = amount - distributed;
  if (remaining === 0) return amounts;
  const rotate = (index: number) => (index - offset + count) % count;
  remainders.sort((a, b) =>
    a.remainder !== b.remainder ? b.remainder - a.remainder : rotate(a.index) - rotate(b.index),
  );
  for (let i = 0; i < remaining; i++) {
    const at = remainders[i]?.index ?? 0;
    amounts[at] = (amounts[at] ?? 0) + 1;
  }
  return amounts;
}

/** Each participant's share in minor units, by participant id; they sum to `amount`. */
export function spliitShares(expense: SpliitShareInput): Map<string, number> {
  const paidFors = [...expense.paidFor].sort((a, b) =>
    a.participantId < b.participantId ? -1 : 1,
  );
  const shares =
    expense.splitMode === 'EVENLY' ? paidFors.map(() => 1) : paidFors.map(({ shares }) => shares);
  const totalShares = shares.reduce((sum, share) => sum + share, 0);
  const offset = expense.id && paidFors.length > 0 ? hashString(expense.id) % paidFors.length : 0;
  const amounts = apportion(expense.amount, shares, totalShares, offset);
  return new Map(paidFors.map(({ participantId }, index) => [participantId, amounts[index] ?? 0]));
}
