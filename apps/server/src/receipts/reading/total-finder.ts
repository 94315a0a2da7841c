import type { LineKind } from './line-kinds';
import { amountOfLine, type ReceiptLine } from './receipt-lines';

/** What speaks for one value being the total; each piece is checked independently. */
export interface TotalEvidence {
  /** The strongest label it was printed under, if any. */
  label: 'grand-total' | 'total' | null;
  /** A subtotal (or the items, or a tax summary's base) plus tax, rounding, discount give it. */
  partsAddUp: boolean;
  /** Tendered minus change gives it, or it was handed over exactly (a card pays the total). */
  paymentMatches: boolean;
  /** The item lines add up to it. */
  itemsAddUp: boolean;
  /** Printed on more than one line (totals are repeated: tax summary, payment, footer). */
  repeated: boolean;
  /** At least as large as every amount outside payment lines (a total is never less than a part). */
  largest: boolean;
  /** Less than a subtotal on a receipt with no discount: a misread total, counted against it. */
  belowSubtotal: boolean;
}

export interface TotalCandidate {
  cents: number;
  hasDecimals: boolean;
  evidence: TotalEvidence;
  score: number;
}

// How much each piece of evidence counts. Set by reasoning about receipts (a label plus an
// arithmetic check is near certain; arithmetic alone nearly so) and checked against the
// benchmark's calibration table, not fitted to its files.
const WEIGHTS = {
  grandTotal: 2,
  total: 1.4,
  partsAddUp: 1.5,
  paymentMatches: 1.2,
  itemsAddUp: 1,
  repeated: 0.6,
  largest: 0.8,
  crossChecked: 0.5,
  belowSubtotal: -1.2,
};

/** Amounts agree within a cent: rounding of tax is printed to the cent. */
const TOLERANCE_CENTS = 1;

function near(a: number, b: number): boolean {
  return Math.abs(a - b) <= TOLERANCE_CENTS;
}

function labelledAmounts(lines: ReceiptLine[], kinds: LineKind[]): number[] {
  const found: number[] = [];
  for (const line of lines) {
    if (!kinds.includes(line.kind)) continue;
    const amount = amountOfLine(lines, line.index);
    if (amount) found.push(amount.cents);
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
  if (evidence.belowSubtotal) score += WEIGHTS.belowSubtotal;
  // Two independent sums landing on the same amount rarely happens by chance.
  if (evidence.partsAddUp && (evidence.itemsAddUp || evidence.paymentMatches)) {
    score += WEIGHTS.crossChecked;
  }
  return score;
}

/** Every sum of a subset of `parts` (at most six parts, so at most 64 sums). */
function subsetSums(parts: number[]): number[] {
  let sums = [0];
  for (const part of parts.slice(0, 6)) sums = [...sums, ...sums.map((sum) => sum + part)];
  return sums;
}

/**
 * Tax summaries print a base and its tax side by side ("SR 6% 17.74 1.06"); their sum is
 * the total. Only lines under a tax heading, and only a tax that is a plausible rate (≤ 30 %).
 */
function taxSummarySums(lines: ReceiptLine[]): number[] {
  const sums: number[] = [];
  lines.forEach((line, index) => {
    const heading = lines[index - 1];
    const underTax = line.kind === 'tax' || heading?.kind === 'tax';
    if (!underTax || line.amounts.length < 2) return;
    const [base, tax] = line.amounts.slice(-2).map((amount) => amount.cents);
    if (base !== undefined && tax !== undefined && tax > 0 && tax <= base * 0.3) {
      sums.push(base + tax);
    }
  });
  return sums;
}

/** The amounts of a receipt that can be the total, and the arithmetic to check them with. */
interface TotalFacts {
  grand: number[];
  plain: number[];
  subtotals: number[];
  confirmedSubtotals: number[];
  tendered: number[];
  change: number[];
  /** Sums that a total equals when the parts were read right. */
  partSums: number[];
  /** Amounts outside payment lines, positive. */
  printed: number[];
  /** Tax lines were read and all say 0, and nothing else is added: the subtotal is the total. */
  untaxed: boolean;
  /** A discount or a negative amount was read: the total may be less than the subtotal. */
  discounted: boolean;
  occurrences: Map<number, number>;
}

function gatherFacts(lines: ReceiptLine[], itemsSum: number | null): TotalFacts {
  const subtotals = labelledAmounts(lines, ['subtotal']);
  const taxAmounts = labelledAmounts(lines, ['tax']);
  const taxes = taxAmounts.filter((tax) => tax > 0);
  const adjustments = [
    ...labelledAmounts(lines, ['rounding']),
    ...labelledAmounts(lines, ['discount']).map((discount) => -Math.abs(discount)),
  ].filter((adjustment) => adjustment !== 0);
  // What is added to a base must be more than the tolerance: a base "plus" a cent of rounding
  // is the base restated, which proves nothing.
  const sumsOver = (base: number, parts: number[]) =>
    subsetSums([...parts, ...adjustments])
      .filter((extra) => Math.abs(extra) > TOLERANCE_CENTS)
      .map((extra) => base + extra);
  const bases = [...subtotals, ...(itemsSum === null ? [] : [itemsSum])];
  // A tax line's largest amount may be the taxable base ("TAX AMT (S) 13.30", "GST 6% 0.80"),
  // added to the other tax lines but not to itself.
  const taxBases = taxes.filter((tax) => taxes.some((other) => other > 0 && other <= tax * 0.3));
  const partSums = [
    ...bases.flatMap((base) => sumsOver(base, taxes)),
    ...taxBases.flatMap((base) =>
      sumsOver(
        base,
        taxes.filter((tax) => tax !== base),
      ),
    ),
    ...taxSummarySums(lines),
  ];
  const untaxed = taxAmounts.length > 0 && taxes.length === 0 && adjustments.length === 0;
  const occurrences = new Map<number, number>();
  for (const amount of lines.flatMap((line) => line.amounts)) {
    occurrences.set(amount.cents, (occurrences.get(amount.cents) ?? 0) + 1);
  }
  // A subtotal is trusted as a bound or as the total only when something else confirms it (the
  // items add up to it, or it is printed again): a misread one ("850.61") must not decide.
  const confirmedSubtotals = subtotals.filter(
    (subtotal) =>
      (itemsSum !== null && near(itemsSum, subtotal)) || (occurrences.get(subtotal) ?? 0) > 1,
  );
  if (untaxed) partSums.push(...confirmedSubtotals);

  const paying = new Set<LineKind>(['tendered', 'change', 'count']);
  const printed = lines
    .filter((line) => !paying.has(line.kind))
    .flatMap((line) => line.amounts.map((amount) => amount.cents))
    .filter((cents) => cents > 0);
  return {
    grand: labelledAmounts(lines, ['grand-total']),
    plain: labelledAmounts(lines, ['total']),
    subtotals,
    confirmedSubtotals,
    tendered: labelledAmounts(lines, ['tendered']).filter((paid) => paid > 0),
    change: labelledAmounts(lines, ['change']).filter((back) => back >= 0),
    partSums,
    printed,
    untaxed,
    discounted:
      adjustments.some((adjustment) => adjustment < 0) ||
      lines.some((line) => line.amounts.some((amount) => amount.cents < 0)),
    occurrences,
  };
}

/**
 * Weighs every amount that could be the total and returns them best first. Candidates are the
 * labelled totals, every printed amount (a misread label must not hide the total), what was
 * paid, and what the arithmetic gives (tendered − change, subtotal + tax…), so that a total
 * misread on its own line is still found from the lines around it. Evidence then decides.
 */
export function rankTotals(
  lines: ReceiptLine[],
  itemsSum: number | null,
  /** False for receipts printed without decimals (VND, JPY…): the total is then whole units. */
  hasDecimals: boolean,
): TotalCandidate[] {
  const facts = gatherFacts(lines, itemsSum);
  const largestPrinted = Math.max(0, ...facts.printed);
  const noChange = facts.change.every((back) => back === 0);
  const payments = facts.tendered.flatMap((paid) => [
    ...facts.change.filter((back) => back > 0 && back < paid).map((back) => paid - back),
    ...(noChange ? [paid] : []),
  ]);

  const candidates = new Map<number, TotalCandidate>();
  const consider = (cents: number, label: TotalEvidence['label']) => {
    if (cents <= 0) return;
    const known = candidates.get(cents);
    if (known) {
      if (known.evidence.label !== 'grand-total' && label !== null) known.evidence.label = label;
      return;
    }
    candidates.set(cents, {
      cents,
      hasDecimals,
      evidence: {
        label,
        partsAddUp: false,
        paymentMatches: false,
        itemsAddUp: false,
        repeated: false,
        largest: false,
        belowSubtotal: false,
      },
      score: 0,
    });
  };
  for (const cents of facts.grand) consider(cents, 'grand-total');
  for (const cents of facts.plain) consider(cents, 'total');
  for (const cents of [...facts.printed, ...payments, ...facts.partSums]) consider(cents, null);

  for (const candidate of candidates.values()) {
    const { cents, evidence } = candidate;
    evidence.partsAddUp = facts.partSums.some((sum) => near(sum, cents));
    evidence.paymentMatches = payments.some((paid) => near(paid, cents));
    // Items add up to the subtotal too: only where no subtotal line says so is it the total's.
    const isSubtotal = facts.subtotals.some((subtotal) => near(subtotal, cents));
    evidence.itemsAddUp =
      itemsSum !== null && near(itemsSum, cents) && (!isSubtotal || facts.untaxed);
    evidence.repeated = (facts.occurrences.get(cents) ?? 0) > 1;
    // Only a printed amount can be the largest: a sum worked out from misread parts is
    // often larger than anything printed, which says nothing.
    evidence.largest = cents >= largestPrinted && facts.occurrences.has(cents);
    evidence.belowSubtotal =
      !facts.discounted &&
      facts.confirmedSubtotals.some((subtotal) => cents < subtotal - TOLERANCE_CENTS);
    candidate.score = scoreOf(evidence);
  }
  return [...candidates.values()].sort((a, b) => b.score - a.score || b.cents - a.cents);
}

/**
 * The chance that the best candidate is the total, from its own evidence and its lead over
 * the next one: a labelled, cross-checked amount with no rival is near certain; an amount
 * that only happens to be the largest is a guess. A logistic curve over the two, whose three
 * coefficients were fitted to how often the benchmark's totals were right at each score
 * (several image treatments of each receipt, ~300 readings), so that 0.7 means about 7 in 10.
 */
export function totalConfidence(ranked: TotalCandidate[]): number {
  const [best, second] = ranked;
  if (!best) return 0;
  const lead = Math.min(3, best.score - (second?.score ?? 0));
  const odds = 1.6 * best.score + 0.55 * lead - 3.25;
  const chance = 1 / (1 + Math.exp(-odds));
  return Math.round(Math.max(0.01, Math.min(0.99, chance)) * 100) / 100;
}
