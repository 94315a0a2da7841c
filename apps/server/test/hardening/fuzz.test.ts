import { afterAll, describe, expect, it } from 'vitest';
import { apiClient, useTestApp } from '../support/test-app';
import { describeFuzz } from './support/fuzz-report';
import { runFuzz } from './support/fuzz-run';
import { fuzzRequests, fuzzSeed, reliabilityEnvironment } from './support/fuzz-settings';
import { discoverRoutes } from './support/route-catalog';
import { makeWebDist } from './support/web-dist';

const REQUESTS = fuzzRequests(10_000);
const SEED = fuzzSeed();

describe('fuzzing every route of the app on PGlite', () => {
  const webDist = makeWebDist();
  const started = useTestApp('pglite', reliabilityEnvironment(webDist.dir));
  afterAll(() => webDist.remove());

  it('finds every route from the app itself, with the schemas of the documented ones', () => {
    const routes = discoverRoutes(started().app);
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(keys).toContain('POST /api/event/:event_id/expenditure');
    expect(keys).toContain('DELETE /api/event/:event_id/users/:id');
    expect(keys).toContain('GET /api/docs/json');
    const create = routes.find((route) => route.method === 'POST' && route.path === '/api/events');
    expect(create?.body?.required).toContain('currency_id');
    const read = routes.find((route) => route.method === 'GET' && route.path === '/api/events/:id');
    expect(read?.paramSchemas.id?.pattern).toBeDefined();
  });

  it(`answers ${REQUESTS} random and malformed requests without a 5xx, every refusal with a message, balances summing to zero`, async () => {
    const { app } = started();
    const stats = await runFuzz({ app, requests: REQUESTS, seed: SEED, onViolation: 'throw' });
    // The figures docs/RELIABILITY.md quotes (per-route lines left out: describeFuzz has them).
    console.log(
      describeFuzz(stats)
        .filter((line) => !line.startsWith('  '))
        .join('\n'),
    );

    expect(stats.requests).toBe(REQUESTS);
    expect(stats.serverErrors).toBe(0);
    // Every documented route was called, and writes really happened.
    for (const route of stats.routes.filter((candidate) => candidate.documented)) {
      const key = `${route.method} ${route.path}`;
      expect(stats.byRoute.get(key)?.sent ?? 0, key).toBeGreaterThan(0);
    }
    const valid = stats.byKind.valid;
    expect(valid.accepted / valid.sent).toBeGreaterThan(0.35);
    // About one request in ten writes (1,094 of 10,000 before recurring expenses, 960 with
    // their two routes, whose random bodies rarely name a series that exists).
    expect(stats.writes).toBeGreaterThan(REQUESTS / 12);
    expect(stats.balanceChecks).toBeGreaterThan(0);
    // Back in EUR without extreme rates, every event's balances add up, to zero.
    expect(stats.eventsSummedAtEnd).toBe(stats.eventsChecked);
    // The app still answers normally afterwards.
    const config = await apiClient(app).get('/api/config');
    expect(config.status).toBe(200);
  }, 900_000);
});
