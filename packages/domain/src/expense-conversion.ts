import { allocateByTieText } from './allocate';
import { assertMinorUnits } from './money';
import { convertAtRate } from './rate-history';
import type { Conversion, RateTable } from './rates';
import { convertToEventCurrency } from './rates';

/** Where an expense's rate came from. */
export type RateSource = 'ecb' | 'event' | 'manual' | 'charged';

/** The rate an expense is converted at, kept with it so that its amount never drifts. */
export interface ExpenseRate {
  /** Units of `currency_id` (the event currency when it was decided) for one unit of the expense's. */
  value: number;
  /** The currency it converts into; a rate for another currency is not used. */
  currency_id: string;
  /** The ECB publication day it was taken from (ecb), or the expense's date; null when unknown. */
  date: string | null;
  source: RateSource;
  /** Minor units of `currency_id` really charged, fees included (source "charged" only). */
  charged_amount?: number | null;
}

/** One payer's or participant's part of an expense, in minor units of the expense currency. */
export interface ShareLine {
  user_id: string;
  amount: number;
}

/** Spent by the group, or received by it (a refund, a deposit returned, winnings). */
export type ExpenseKind = 'expense' | 'income';

/** The fields of an expense that balances need (API objects fit as they are). */
export interface ExpenseLike {
  id: string;
  /** Absent on copies made before income existed: spent. */
  kind?: ExpenseKind | null | undefined;
  amount: number;
  currency_id: string;
  payer: readonly ShareLine[];
  participant: readonly ShareLine[];
  /** The rate it was converted at; absent or null on copies made before rates were kept. */
  rate?: ExpenseRate | null;
  /** What orders its people when a conversion leaves a tie (see `TieSource`); absent: its ids. */
  ties?: Readonly<Record<string, string>> | null;
}

/**
 * What decides who gets the odd minor unit when an expense is converted and its sides re-split:
 * each person's tie text, hashed. By default it is `${expense id}:${person id}`, so ties fall
 * differently per expense but never by the order of the lines.
 *
 * Ids do not survive a copy: an import gives every person and entry a new id, so the default
 * would move a minor unit between people of the copy. An imported expense therefore keeps, in
 * `ties` (by its new person ids), the texts its original used — made from the ids the file
 * carries, which are the original's. A copy of a copy keeps them again, because the export
 * writes each expense's texts as they are resolved here. Stored amounts never need this: they
 * are copied as they are; only this conversion is computed again on every read.
 */
export type TieSource = Pick<ExpenseLike, 'id' | 'ties'>;

/**
 * The text that orders `userId` in a tie of `expense` (see `TieSource`).
 *
 * @returns the text kept with the expense, else `${expense id}:${person id}`
 */
export function tieTextOf(expense: TieSource, userId: string): string {
  return expense.ties?.[userId] ?? `${expense.id}:${userId}`;
}

/** An expense in minor units of the event currency; both sides sum exactly to `amount`. */
export interface ConvertedExpense {
  amount: number;
  payer: readonly ShareLine[];
  participant: readonly ShareLine[];
  missingRate: boolean;
}

/** The sum of a side, or NaN when a line is not whole minor units (so it never matches). */
function sumOf(lines: readonly ShareLine[]): number {
  let sum = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount)) return Number.NaN;
    sum += line.amount;
  }
  return sum;
}

/**
 * Re-splits one side of an expense to `total`, in proportion to the original line amounts,
 * aligned with `lines`. Magnitudes are the weights, so a refund (all lines negative) keeps its
 * proportions.
 *
 * @param total minor units of the event currency
 * @param lines the side as entered, in minor units of the expense currency
 * @param tie the expense, whose tie texts decide who gets an odd unit
 * @returns one amount per line, in minor units of the event currency, summing to `total`
 * @throws RangeError when there are no lines but the total is not zero
 */
export function resplitAmounts(
  total: number,
  lines: readonly ShareLine[],
  tie: TieSource,
): number[] {
  const count = lines.length;
  if (count === 0) {
    if (total === 0) return [];
    throw new RangeError(`expense ${tie.id} has a side with nobody on it`);
  }
  if (count === 1) return [total];
  const weights: number[] = [];
  let weightTotal = 0;
  for (const line of lines) {
    const weight = Math.abs(line.amount);
    weights.push(weight);
    weightTotal += weight;
  }
  // Every line zero cannot come from a valid expense; an even split is the least surprising.
  if (weightTotal === 0) weights.fill(1);
  return allocateByTieText(total, weights, (i) => tieTextOf(tie, lines[i]?.user_id ?? ''));
}

/**
 * One side of an expense in the event currency, aligned with `lines`; null when the lines can
 * be taken as they are (already in the event currency and adding up to `total`). Lets balances
 * skip building line objects.
 *
 * @param total the expense amount in minor units of the event currency
 * @param lines the side as entered, in minor units of the expense currency
 * @param sameCurrency whether the expense is in the event currency
 * @param tie the expense, whose tie texts decide who gets an odd unit
 * @returns amounts in minor units of the event currency, or null for "the lines' own amounts"
 */
export function convertSide(
  total: number,
  lines: readonly ShareLine[],
  sameCurrency: boolean,
  tie: TieSource,
): number[] | null {
  if (sameCurrency && sumOf(lines) === total) return null;
  return resplitAmounts(total, lines, tie);
}

function toLines(
  total: number,
  lines: readonly ShareLine[],
  sameCurrency: boolean,
  tie: TieSource,
): readonly ShareLine[] {
  const amounts = convertSide(total, lines, sameCurrency, tie);
  if (amounts === null) return lines;
  return lines.map((line, i) => ({ user_id: line.user_id, amount: amounts[i] ?? 0 }));
}

/**
 * How an expense's lines count: +1 when spent (payers paid, participants owe their shares), −1
 * when received (the "payers" hold money of the group, the participants are owed their shares).
 * Lines and amounts stay positive; every sum that means money moved multiplies by this.
 */
export function signOf(expense: Pick<ExpenseLike, 'kind'>): 1 | -1 {
  return expense.kind === 'income' ? -1 : 1;
}

function usable(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/**
 * The expense's own conversion, when it has one for the event's currency: the amount charged
 * (exactly), a rate the person typed, or the ECB rate of its date unless the event fixes a rate
 * for the currency (the event's rate stays live for every expense, as before).
 */
function ownConversion(expense: ExpenseLike, table: RateTable): number | null {
  const used = expense.rate;
  if (!used || used.currency_id !== table.eventCurrency.id) return null;
  if (used.source === 'charged' && Number.isSafeInteger(used.charged_amount)) {
    return used.charged_amount as number;
  }
  const fixedByEvent = table.eventRates.has(expense.currency_id);
  if (used.source === 'manual' || (used.source === 'ecb' && !fixedByEvent)) {
    if (!usable(used.value)) return null;
    const decimals = table.currencies.get(expense.currency_id)?.decimals ?? 2;
    return convertAtRate(expense.amount, used.value, decimals, table.eventCurrency.decimals);
  }
  return null;
}

/**
 * Converts an expense's total into the event currency (unchanged when already in it): by its own
 * rate when it has one (see `ownConversion`), else by the event's or the global list's.
 *
 * @param expense its amount in minor units of `expense.currency_id`
 * @returns the total in minor units of the event currency
 * @throws RangeError naming the expense when its amount is not whole minor units
 */
export function convertTotal(expense: ExpenseLike, table: RateTable): Conversion {
  const { amount } = expense;
  if (!Number.isSafeInteger(amount)) assertMinorUnits(amount, `amount of expense ${expense.id}`);
  if (expense.currency_id === table.eventCurrency.id) return { amount, missingRate: false };
  const own = ownConversion(expense, table);
  if (own !== null) return { amount: own, missingRate: false };
  return convertToEventCurrency(amount, expense.currency_id, table);
}

/**
 * Converts an expense into the event currency once: the total is converted, then payers and
 * participants are re-split in proportion to their original amounts by the same
 * largest-remainder rule (ties by `tieTextOf`), so each side sums exactly to the converted total
 * and balances stay zero-sum. An expense already in the event currency whose sides add up is
 * returned as it is; a side that does not add up is re-split to the amount the same way.
 *
 * @param expense amounts in minor units of `expense.currency_id`
 * @returns amounts in minor units of the event currency
 * @throws RangeError when a side is empty but the amount is not zero
 */
export function convertExpense(expense: ExpenseLike, table: RateTable): ConvertedExpense {
  const sameCurrency = expense.currency_id === table.eventCurrency.id;
  const { amount, missingRate } = convertTotal(expense, table);
  return {
    amount,
    payer: toLines(amount, expense.payer, sameCurrency, expense),
    participant: toLines(amount, expense.participant, sameCurrency, expense),
    missingRate,
  };
}
