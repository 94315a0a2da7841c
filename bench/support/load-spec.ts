/**
 * One measurement: the same load against the app and against its bare bound, alternated in
 * slices so that whatever else the machine is doing falls on both alike. Plain data, so it can
 * cross to the load process.
 */
export interface PairSpec {
  appUrl: string;
  bareUrl: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  connections: number;
  /** Measured seconds per side, split into `slices` runs each (app, bare, bare, app, …). */
  durationSeconds: number;
  slices: number;
  /** Seconds of the same load on each side first, whose figures are dropped. */
  warmupSeconds: number;
  /** A POST body in which every request puts a fresh UUID where `ID_PLACEHOLDER` stands. */
  bodyTemplate?: string;
}

export const ID_PLACEHOLDER = '__BENCH_ID__';

/** The figures of one side, over all its measured slices. */
export interface LoadResult {
  /** Answers per second: every answer of the measured slices over their summed duration. */
  requestsPerSecond: number;
  /** Latencies of every answer, in milliseconds. */
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers whose status was not 2xx. */
  non2xx: number;
  /** Socket errors and timeouts, which have no status. */
  errors: number;
  /** How many answers each status code got, e.g. `{ "201": 12000 }`. */
  statusCodes: Record<string, number>;
}

export interface PairResult {
  app: LoadResult;
  bare: LoadResult;
}
