import { failures, type Measurement, ratio } from './measurement';

export interface Verdict {
  /** The bar from PRODUCT.md §10, or a dash when none applies. */
  target: string;
  /** PASS, MISS, or a dash when there is no bar; ERRORS whenever a request failed. */
  result: 'PASS' | 'MISS' | 'ERRORS' | '—';
}

const MIN_REQUESTS_PER_SECOND = 1_000;
const MIN_SHARE_OF_BARE = 0.5;

/** Judges a measurement against PRODUCT.md §10. A run with failed requests never passes. */
export function verdict(measurement: Measurement): Verdict {
  const failed = failures(measurement.app) + failures(measurement.bare) > 0;
  const judged = (target: string, pass: boolean): Verdict => ({
    target,
    result: failed ? 'ERRORS' : pass ? 'PASS' : 'MISS',
  });
  const rate = measurement.app.requestsPerSecond;
  if (measurement.id === 'get-200') {
    return judged(
      '≥ 1,000/s and ≥ ½ bare',
      rate >= MIN_REQUESTS_PER_SECOND && ratio(measurement) >= MIN_SHARE_OF_BARE,
    );
  }
  if (measurement.id === 'create-10' && measurement.database === 'PostgreSQL') {
    return judged('≥ 1,000/s', rate >= MIN_REQUESTS_PER_SECOND);
  }
  return { target: '—', result: failed ? 'ERRORS' : '—' };
}
