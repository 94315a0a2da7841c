import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { ID_PLACEHOLDER, type LoadResult, type PairResult, type PairSpec } from './load-spec';

/** What one autocannon run gave, kept raw so that slices can be added up exactly. */
interface Slice {
  latenciesMs: number[];
  seconds: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

function options(spec: PairSpec, url: string, seconds: number): autocannon.Options {
  const base: autocannon.Options = {
    url,
    method: spec.method,
    headers: spec.headers,
    connections: spec.connections,
    duration: seconds,
    timeout: 10,
  };
  if (spec.bodyTemplate === undefined) return base;
  const [before, after = ''] = spec.bodyTemplate.split(ID_PLACEHOLDER);
  // A new id per request, so every POST creates an expense instead of replaying one.
  const setupRequest = (request: autocannon.Request): autocannon.Request => ({
    ...request,
    body: `${before}${randomUUID()}${after}`,
  });
  return { ...base, requests: [{ method: spec.method, setupRequest }] };
}

function runSlice(spec: PairSpec, url: string, seconds: number): Promise<Slice> {
  const latenciesMs: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(options(spec, url, seconds), (error: unknown, result) => {
      if (error) return reject(error);
      const statusCodes: Record<string, number> = {};
      for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
        statusCodes[code] = stats.count ?? 0;
      }
      resolve({
        latenciesMs,
        seconds: result.duration,
        non2xx: result.non2xx,
        errors: result.errors,
        statusCodes,
      });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latenciesMs.push(responseTime);
    });
  });
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

function combine(slices: readonly Slice[]): LoadResult {
  const latencies = slices.flatMap((slice) => slice.latenciesMs).sort((a, b) => a - b);
  const seconds = slices.reduce((sum, slice) => sum + slice.seconds, 0);
  const statusCodes: Record<string, number> = {};
  for (const slice of slices) {
    for (const [code, count] of Object.entries(slice.statusCodes)) {
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
    }
  }
  return {
    requestsPerSecond: seconds > 0 ? latencies.length / seconds : 0,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    requests: latencies.length,
    non2xx: slices.reduce((sum, slice) => sum + slice.non2xx, 0),
    errors: slices.reduce((sum, slice) => sum + slice.errors, 0),
    statusCodes,
  };
}

/**
 * Warms both sides up, then alternates app and bare slices in the order app, bare, bare, app, …
 * so that neither side always runs first; answers each side's figures.
 */
export async function runPair(spec: PairSpec): Promise<PairResult> {
  if (spec.warmupSeconds > 0) {
    await runSlice(spec, spec.appUrl, spec.warmupSeconds);
    await runSlice(spec, spec.bareUrl, spec.warmupSeconds);
  }
  const seconds = spec.durationSeconds / spec.slices;
  const app: Slice[] = [];
  const bare: Slice[] = [];
  for (let slice = 0; slice < spec.slices; slice += 1) {
    const appFirst = slice % 2 === 0;
    if (appFirst) app.push(await runSlice(spec, spec.appUrl, seconds));
    bare.push(await runSlice(spec, spec.bareUrl, seconds));
    if (!appFirst) app.push(await runSlice(spec, spec.appUrl, seconds));
  }
  return { app: combine(app), bare: combine(bare) };
}
