/** Far more than any of these suites sends in a rate-limit window. */
const OUT_OF_REACH = '1000000000';

/**
 * The environment the reliability suites build the app with. The fuzz and the writers send
 * thousands of requests a minute from one address and a few devices: limits meant for people
 * would refuse most of them, and the fuzz must reach the code behind the limits. So the rate
 * limits stay on (their code runs for every request) with counts raised out of reach; body
 * sizes, JSON depth and event sizes stay as shipped. `webDistDir`: the web app the server
 * serves (see `makeWebDist`).
 */
export function reliabilityEnvironment(webDistDir?: string): NodeJS.ProcessEnv {
  return {
    RATE_LIMITS: 'on',
    RATE_LIMIT_WRITES_PER_DEVICE: OUT_OF_REACH,
    RATE_LIMIT_WRITES_PER_IP: OUT_OF_REACH,
    RATE_LIMIT_UPLOADS_PER_DEVICE: OUT_OF_REACH,
    RATE_LIMIT_UPLOADS_PER_IP: OUT_OF_REACH,
    RATE_LIMIT_NOT_FOUND_PER_IP: OUT_OF_REACH,
    RATE_LIMIT_HEAVY_READS_PER_IP: OUT_OF_REACH,
    ...(webDistDir === undefined ? {} : { WEB_DIST_DIR: webDistDir }),
  };
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number (got ${raw})`);
  }
  return value;
}

/** How many requests the fuzz sends: FUZZ_REQUESTS, else `fallback`. */
export function fuzzRequests(fallback: number): number {
  return positiveInteger('FUZZ_REQUESTS', fallback);
}

/** The fuzz's seed: FUZZ_SEED, else a fixed one, so that `npm test` sends the same requests. */
export function fuzzSeed(): number {
  return positiveInteger('FUZZ_SEED', 20_261_121);
}
