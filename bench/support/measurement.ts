import type { LoadResult } from './load-spec';

export type MeasurementId = 'get-200' | 'get-2000' | 'create-1' | 'create-10';

/** One figure of the app beside its bare bound, measured with the same settings in one run. */
export interface Measurement {
  database: 'PGlite' | 'PostgreSQL';
  id: MeasurementId;
  label: string;
  connections: number;
  app: LoadResult;
  bare: LoadResult;
  /** Bytes of each response body (GET) or request body (create). */
  bodyBytes: number;
  /** GET only: the first read after seeding, which misses the server's event cache (ms). */
  coldReadMs?: number;
}

export interface LoadSettings {
  /** Measured seconds per side, alternated between app and bare in `slices` runs each. */
  durationSeconds: number;
  slices: number;
  warmupSeconds: number;
  /** Connections for the GETs; creates run with 1 and with 10. */
  connections: number;
}

/** The app's throughput as a share of the bare route's; NaN when the bound measured nothing. */
export function ratio(measurement: Measurement): number {
  const bound = measurement.bare.requestsPerSecond;
  return bound > 0 ? measurement.app.requestsPerSecond / bound : Number.NaN;
}

/** Answers that were not 2xx, plus requests that got no answer at all. */
export function failures(result: LoadResult): number {
  return result.non2xx + result.errors;
}
