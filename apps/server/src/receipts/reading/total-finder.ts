import type { LineKind } from './line-kinds';
import type { MoneyToken } from './money-tokens';
import { amountOfLine, type ReceiptLine } from './receipt-lines';

/** What speaks for one value being the total; each piece is checked independently. */
export interface TotalEvidence {
  /** The strongest label it was printed under, if any. */
  label: 'grand-total' | 'total' | null;
  /** subtotal + tax (+ rounding − discount) adds up to it. */
  partsAddUp: boolean;
  /** tendered − change equals it, or it was handed over exactly. */
  paymentMatches: boolean;
  /** The item lines add up to it. */
  itemsAddUp: boolean;
  /** Printed on more than one line (totals are repeated: tax summary, payment, footer). */
  repeated: boolean;
  /** The largest amount outside payment lines (a total is never less than a part of it). */
  largest: boolean;
}

export interface TotalCandidate {
  cents: number;
  hasDecimals: boolean;
  evidence: TotalEvidence;
  score: number;
}

// How much each piece of evidence counts. They were set by reasoning about receipts (a label
// plus an arithmetic check is near certain) and checked on the benchmark's calibration table.
const WEIGHTS = {
  grandTotal: 2,
  total: 1.4,
  partsAddUp: 1.5,
  paymentMatches: 1.2,
  itemsAddUp: 1,
  repeated: 0.6,
  largest: 0.8,
};

const TOLERANCE_CENTS = 1;

function near(a: number, b: number): boolean {
  return Math.abs(a - b) <= TOLERANCE_CENTS;
}

function labelledAmounts(lines: ReceiptLine[], kinds: LineKind[]): MoneyToken[] {
  const found: MoneyToken[] = [];
  for (const line of lines) {
    if (!kinds.includes(line.kind)) continue;
    const amount = amountOfLine(lines, line.index);
    if (amount) found.push(amount);
  }
  return found;
}

function scoreOf(evidence: TotalEvidence): number {
  let score = 0;
  if (evidence.label === 'grand-total') score += WEIGHTS.grandTotal;
  if (evidence.label === 'total') score += WEIGHTS.total;
  if (evidence.partsAddUp) score += WEIGHTS.partsAddUp;
  if (evidence.paymentMatches) score += WEIGHTS.paymentMatches;
  if (evidence.itemsAddUp) score += WEIGHTS.itemsAddUp;
  if (evidence.repeated) score += WEIGHTS.repeated;
  if (evidence.largest) score += WEIGHTS.largest;
  return score;
}

/** Every sum of a subset of `parts` (few parts, so at most a few dozen sums). */
function subsetSums(parts: number[]): number[] {
  let sums = [0];
  for (const part of parts.slice(0, 6)) sums = [...sums, ...sums.map((sum) => sum + part)];
  return sums;
}

/**
 * Weighs every amount that could be the total and returns them best first. The labelled
 * amounts are the candidates; the arithmetic of the receipt (parts, payment, items) and
 * repetition decide between them, and when no label was read the largest amount stands in.
 */
export function rankTotals(lines: ReceiptLine[], itemsSum: number | null): TotalCandidate[] {
  const grand = labelledAmounts(lines, ['grand-total']);
  const plain = labelledAmounts(lines, ['total']);
  const subtotals = labelledAmounts(lines, ['subtotal']).map((amount) => amount.cents);
  const taxes = labelledAmounts(lines, ['tax']).map((amount) => amount.cents);
  const adjustments = [
    ...labelledAmounts(lines, ['rounding']).map((amount) => amount.cents),
    ...labelledAmounts(lines, ['discount']).map((amount) => -Math.abs(amount.cents)),
  ];
  const tendered = labelledAmounts(lines, ['tendered']).map((amount) => amount.cents);
  const change = labelledAmounts(lines, ['change']).map((amount) => amount.cents);

  const payingLines = new Set<LineKind>(['tendered', 'change', 'count']);
  const outsidePayment = lines
    .filter((line) => !payingLines.has(line.kind))
    .flatMap((line) => line.amounts)
    .filter((amount) => amount.cents > 0);
  const largest = Math.max(0, ...outsidePayment.map((amount) => amount.cents));
  const occurrences = new Map<number, number>();
  for (const amount of lines.flatMap((line) => line.amounts)) {
    occurrences.set(amount.cents, (occurrences.get(amount.cents) ?? 0) + 1);
  }

  const partSums = subtotals.flatMap((subtotal) =>
    subsetSums([...taxes, ...adjustments]).map((extra) => subtotal + extra),
  );
  // Tax alone over the sum of items, when no subtotal line was read.
  if (itemsSum !== null && taxes.length > 0) {
    partSums.push(...subsetSums([...taxes, ...adjustments]).map((extra) => itemsSum + extra));
  }

  const candidates = new Map<number, TotalCandidate>();
  const consider = (amount: MoneyToken, label: TotalEvidence['label']) => {
    if (amount.cents <= 0) return;
    const known = candidates.get(amount.cents);
    if (known) {
      if (known.evidence.label !== 'grand-total' && label !== null) known.evidence.label = label;
      return;
    }
    candidates.set(amount.cents, {
      cents: amount.cents,
      hasDecimals: amount.hasDecimals,
      evidence: {
        label,
        partsAddUp: false,
        paymentMatches: false,
        itemsAddUp: false,
        repeated: false,
        largest: false,
      },
      score: 0,
    });
  };
  for (const amount of grand) consider(amount, 'grand-total');
  for (const amount of plain) consider(amount, 'total');
  // Unlabelled amounts compete too: a misread label must not hide the total.
  for (const amount of outsidePayment) consider(amount, null);

  for (const candidate of candidates.values()) {
    const { cents, evidence } = candidate;
    evidence.partsAddUp = partSums.some((sum) => near(sum, cents) && sum !== 0);
    evidence.paymentMatches =
      tendered.some((paid) => change.some((back) => near(paid - back, cents))) ||
      (tendered.some((paid) => near(paid, cents)) && !change.some((back) => back > 0));
    evidence.itemsAddUp = itemsSum !== null && near(itemsSum, cents);
    evidence.repeated = (occurrences.get(cents) ?? 0) > 1;
    evidence.largest = cents === largest;
    // A subtotal's own value proves nothing about it being the total.
    if (subtotals.includes(cents) && evidence.label === null) evidence.partsAddUp = false;
    candidate.score = scoreOf(evidence);
  }
  return [...candidates.values()].sort((a, b) => b.score - a.score || b.cents - a.cents);
}

/**
 * The chance that the best candidate is the total, from its own evidence and its lead over
 * the next one: a labelled, cross-checked amount with no rival is near certain; an amount
 * that only happens to be the largest is a guess.
 */
export function totalConfidence(ranked: TotalCandidate[]): number {
  const [best, second] = ranked;
  if (!best) return 0;
  const lead = best.score - (second?.score ?? 0);
  const raw = 0.15 * best.score + 0.12 * Math.min(lead, 2.5);
  return Math.round(Math.max(0.05, Math.min(0.99, raw)) * 100) / 100;
}
