/**
 * How far the analysis' total can be trusted, in three words a person acts on: it looks right,
 * please check it, or it could not be read well. The contract's `confidence` is the estimated
 * chance that the total is right.
 */
export type ConfidenceLevel = 'good' | 'check' | 'poor';

/**
 * At or above: the total looks right. The reader is tuned so that at most one total in 50 read
 * with this confidence is wrong (docs/BENCHMARKS.md, Receipts); below it the person is asked to
 * check the total against the photo.
 */
const GOOD_FROM = 0.7;
/** Below: more often wrong than right. */
const POOR_BELOW = 0.4;

export function confidenceLevel(confidence: number, hasTotal: boolean): ConfidenceLevel {
  if (!hasTotal || confidence < POOR_BELOW) return 'poor';
  return confidence >= GOOD_FROM ? 'good' : 'check';
}
