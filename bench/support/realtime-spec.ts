/** What the realtime client process is asked to do. Plain data, so it can cross processes. */
export interface RealtimeSpec {
  /** `http://127.0.0.1:<port>` of the app: its API and its sockets at `/app/{key}`. */
  appOrigin: string;
  key: string;
  eventId: string;
  /** People of the event, for the expenses the changes create. */
  userIds: string[];
  /** `ws://127.0.0.1:<port>` of the bare fan-out server (the bound). */
  bareOrigin: string;
  /** Sockets on each side, all on one channel. */
  sockets: number;
  /** Measured changes per side, alternated app, bare, bare, app. */
  changes: number;
  /** Changes first on each side whose figures are dropped. */
  warmup: number;
}

/** Median and 99th percentile of a set of latencies, in milliseconds. */
export interface Spread {
  p50Ms: number;
  p99Ms: number;
  samples: number;
}

export interface RealtimeResult {
  /** Bytes of one broadcast frame as the sockets received it. */
  frameBytes: number;
  /** The API's round trip for each change (request sent → answer read). */
  write: Spread;
  /** Each socket's message after the API's answer was read; negative = before the answer. */
  afterAnswer: Spread;
  /** Each socket's message after the request was sent. */
  afterRequest: Spread;
  /** The bound: the same frame sent by a bare `ws` server to as many sockets, after a trigger. */
  bareFanout: Spread;
  /** The round trip of one frame through a bare `ws` echo. */
  bareEcho: Spread;
}

/** The percentile `p` (0–1) of `values`, nearest rank. */
export function spreadOf(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
  return { p50Ms: at(0.5), p99Ms: at(0.99), samples: sorted.length };
}
