import { maxZeroSumGroups } from './zero-sum-groups';

/** A suggested payment: `from_user_id` (who owes) pays `to_user_id` (who is owed). */
export interface Transfer {
  from_user_id: string;
  to_user_id: string;
  /** Minor units of the event currency, always > 0. */
  amount: number;
}

/** A person's balance in minor units of the event currency: above 0 is owed, below 0 owes. */
export interface BalanceEntry {
  user_id: string;
  balance: number;
}

// 2^20 subsets take tens of milliseconds at worst; beyond that, greedy.
const EXACT_LIMIT = 20;

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareTransfers(a: Transfer, b: Transfer): number {
  return (
    b.amount - a.amount ||
    compareIds(a.from_user_id, b.from_user_id) ||
    compareIds(a.to_user_id, b.to_user_id)
  );
}

/** Validates, drops zeros and sorts by (balance, user_id) so that input order never matters. */
function normalise(balances: readonly BalanceEntry[]): BalanceEntry[] {
  let sum = 0n;
  const seen = new Set<string>();
  const entries: BalanceEntry[] = [];
  for (const { user_id, balance } of balances) {
    if (!Number.isSafeInteger(balance)) {
      throw new RangeError(`balance of ${user_id} must be a whole number of minor units`);
    }
    if (seen.has(user_id)) throw new RangeError(`${user_id} appears twice`);
    seen.add(user_id);
    sum += BigInt(balance);
    if (balance !== 0) entries.push({ user_id, balance });
  }
  if (sum !== 0n) throw new RangeError(`balances must sum to 0, they sum to ${sum}`);
  return entries.sort((a, b) => a.balance - b.balance || compareIds(a.user_id, b.user_id));
}

/**
 * Largest debtor pays largest creditor until nobody owes; each step clears at least one person,
 * so a zero-sum group of k people takes at most k − 1 transfers. Mutates `entries`' balances.
 */
function greedy(entries: BalanceEntry[], out: Transfer[]): void {
  for (;;) {
    let debtor: BalanceEntry | undefined;
    let creditor: BalanceEntry | undefined;
    for (const entry of entries) {
      if (entry.balance < 0) {
        if (
          debtor === undefined ||
          entry.balance < debtor.balance ||
          (entry.balance === debtor.balance && entry.user_id < debtor.user_id)
        ) {
          debtor = entry;
        }
      } else if (entry.balance > 0) {
        if (
          creditor === undefined ||
          entry.balance > creditor.balance ||
          (entry.balance === creditor.balance && entry.user_id < creditor.user_id)
        ) {
          creditor = entry;
        }
      }
    }
    if (debtor === undefined || creditor === undefined) return;
    const amount = Math.min(-debtor.balance, creditor.balance);
    out.push({ from_user_id: debtor.user_id, to_user_id: creditor.user_id, amount });
    debtor.balance += amount;
    creditor.balance -= amount;
  }
}

/**
 * Settles x against −x directly. Some optimal solution always has such a pair as its own
 * group, so this never costs a transfer; it also shrinks the exact search.
 */
function pairOpposites(entries: readonly BalanceEntry[], out: Transfer[]): BalanceEntry[] {
  const creditorsByAmount = new Map<number, BalanceEntry[]>();
  for (const entry of entries) {
    if (entry.balance <= 0) continue;
    const list = creditorsByAmount.get(entry.balance);
    if (list === undefined) creditorsByAmount.set(entry.balance, [entry]);
    else list.push(entry);
  }
  const paired = new Set<BalanceEntry>();
  for (const debtor of entries) {
    if (debtor.balance >= 0) continue;
    const creditor = creditorsByAmount.get(-debtor.balance)?.shift();
    if (creditor === undefined) continue;
    out.push({
      from_user_id: debtor.user_id,
      to_user_id: creditor.user_id,
      amount: creditor.balance,
    });
    paired.add(debtor).add(creditor);
  }
  return entries.filter((entry) => !paired.has(entry));
}

function finish(transfers: Transfer[]): Transfer[] {
  return transfers.sort(compareTransfers);
}

/**
 * The fewest transfers that bring every balance to zero. Opposite balances are paired first;
 * if at most 20 people then still owe or are owed, the result is exactly minimal
 * (n − the largest number of disjoint zero-sum groups), else the greedy rule settles them.
 * Deterministic: the same balances in any order give the same transfers, sorted by amount
 * (largest first), then payer, then payee.
 *
 * @param balances minor units of the event currency, summing to exactly 0
 * @returns transfers in minor units of the event currency
 * @throws RangeError when the balances do not sum to 0, are not integers, or repeat a person
 */
export function settle(balances: readonly BalanceEntry[]): Transfer[] {
  const transfers: Transfer[] = [];
  const rest = pairOpposites(normalise(balances), transfers);
  let magnitude = 0;
  for (const entry of rest) magnitude += Math.abs(entry.balance);
  if (rest.length > EXACT_LIMIT || magnitude > Number.MAX_SAFE_INTEGER) {
    greedy(rest, transfers);
    return finish(transfers);
  }
  for (const group of maxZeroSumGroups(rest.map((entry) => entry.balance))) {
    const members: BalanceEntry[] = [];
    for (const index of group) {
      const entry = rest[index];
      if (entry !== undefined) members.push(entry);
    }
    greedy(members, transfers);
  }
  return finish(transfers);
}

/**
 * Whether `settle` finds the fewest transfers there can be for these balances (its exact search),
 * rather than the greedy rule's few: true unless more than 20 people still owe or are owed once
 * opposite balances are paired.
 *
 * @throws RangeError as `settle` does
 */
export function settlesWithFewest(balances: readonly BalanceEntry[]): boolean {
  const rest = pairOpposites(normalise(balances), []);
  let magnitude = 0;
  for (const entry of rest) magnitude += Math.abs(entry.balance);
  return rest.length <= EXACT_LIMIT && magnitude <= Number.MAX_SAFE_INTEGER;
}

/**
 * Settles by repeatedly having the largest debtor pay the largest creditor (ties by user_id)
 * the smaller of the two amounts: at most n − 1 transfers, not always the fewest.
 *
 * @param balances minor units of the event currency, summing to exactly 0
 * @returns transfers in minor units, sorted like `settle`'s
 */
export function settleGreedy(balances: readonly BalanceEntry[]): Transfer[] {
  const transfers: Transfer[] = [];
  greedy(normalise(balances), transfers);
  return finish(transfers);
}
