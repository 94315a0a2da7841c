/**
 * How far the analysis' total can be trusted, in three words a person acts on: it looks right,
 * please check it, or it could not be read well. The contract's `confidence` is the estimated
 * chance that the total is right.
 */
export type ConfidenceLevel = 'good' | 'check' | 'poor';

/** At or above: the total is right about nine times in ten. */
const GOOD_FROM = 0.85;
/** Below: more often wrong than a person would accept without looking. */
const POOR_BELOW = 0.6;

export function confidenceLevel(confidence: number, hasTotal: boolean): ConfidenceLevel {
  if (!hasTotal || confidence < POOR_BELOW) return 'poor';
  return confidence >= GOOD_FROM ? 'good' : 'check';
}
