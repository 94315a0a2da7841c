import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Event } from '@quits/contract';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { checkBalances, readCurrencies } from './balance-check';
import { FuzzWorld, type JsonCall } from './fuzz-world';
import { buildRequest, type PreparedRequest } from './request-builder';
import { type PlanKind, requestPlanArbitrary } from './request-plan';
import { discoverRoutes, type FuzzRoute } from './route-catalog';

export interface FuzzOptions {
  app: FastifyInstance;
  requests: number;
  seed: number;
  /** 'throw': stop at the first broken answer (tests); 'collect': count them all (bench). */
  onViolation: 'throw' | 'collect';
  progress?: (line: string) => void;
}

export interface FuzzStats {
  seed: number;
  requests: number;
  routes: FuzzRoute[];
  byKind: Record<PlanKind, { sent: number; accepted: number }>;
  byStatus: Map<number, number>;
  /** Per route (`METHOD /path`): requests sent, 2xx answers, and the time they took. */
  byRoute: Map<string, { sent: number; accepted: number; ms: number }>;
  /** Acknowledged writes: 2xx answers to POST, PUT and DELETE. */
  writes: number;
  serverErrors: number;
  violations: string[];
  balanceChecks: number;
  /** Live events at the end, and those whose balances summed (the others' sums are too large). */
  eventsChecked: number;
  eventsSummedAtEnd: number;
  durationMs: number;
}

/** An answer that takes longer than this is a hang, and a failure. */
const ANSWER_TIMEOUT_MS = 20_000;
const REFRESH_EVERY = 10;
const BALANCES_EVERY = 500;

/** Calls the app in-process and reads JSON, for the world's own reads and writes. */
export function injectJson(app: FastifyInstance): JsonCall {
  return async (method, url, body) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
}

/**
 * An answer's body as text, decompressed as its Content-Encoding says: the fuzz asks with any
 * Accept-Encoding, and an error's JSON past 1 KB comes back compressed as the client accepts.
 */
function bodyText(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.body;
}

/** What is wrong with an answer, or null: never a 5xx, every 4xx a JSON body with a message. */
export function answerProblem(method: string, response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}: ${bodyText(response).slice(0, 500)}`;
  if (status < 400 || method === 'HEAD') return null;
  const type = String(response.headers['content-type'] ?? '');
  if (!type.includes('application/json')) return `a ${status} answered as "${type}", not JSON`;
  const body = bodyText(response);
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    if (typeof message !== 'string' || message.trim() === '') {
      return `a ${status} without a message: ${body.slice(0, 300)}`;
    }
  } catch {
    return `a ${status} whose body is not JSON: ${body.slice(0, 300)}`;
  }
  return null;
}

function describeRequest(request: PreparedRequest): string {
  const payload = request.payload === undefined ? '' : String(request.payload).slice(0, 400);
  return `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers).slice(0, 300)} ${payload}`;
}

async function send(app: FastifyInstance, request: PreparedRequest) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)),
      ANSWER_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([
      app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends `requests` generated requests to the app, one after another, checking each answer;
 * every 500 requests and at the end checks every live event's balances; resets the rates of
 * an event whose sums got too large to add (a valid state the fuzz reaches) before the end.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzStats> {
  const { app, requests, seed } = options;
  const started = performance.now();
  const call = injectJson(app);
  const currencies = await readCurrencies(call);
  const world = await FuzzWorld.create(
    call,
    currencies.map((currency) => currency.id),
    seed,
  );
  const routes = discoverRoutes(app);
  const stats: FuzzStats = {
    seed,
    requests: 0,
    routes,
    byKind: {
      valid: { sent: 0, accepted: 0 },
      mutated: { sent: 0, accepted: 0 },
      wild: { sent: 0, accepted: 0 },
    },
    byStatus: new Map(),
    byRoute: new Map(),
    writes: 0,
    serverErrors: 0,
    violations: [],
    balanceChecks: 0,
    eventsChecked: 0,
    eventsSummedAtEnd: 0,
    durationMs: 0,
  };

  const checkAllBalances = async () => {
    for (const event of world.live()) {
      await checkBalances(call, event.id, currencies);
      stats.balanceChecks += 1;
    }
  };

  const property = fc.asyncProperty(requestPlanArbitrary(routes), async (plan) => {
    const request = buildRequest(plan, world);
    let response: LightMyRequestResponse;
    const sentAt = performance.now();
    try {
      response = await send(app, request);
    } catch (error) {
      throw new Error(`${String(error)}\n${describeRequest(request)}`);
    }
    const status = response.statusCode;
    stats.requests += 1;
    stats.byStatus.set(status, (stats.byStatus.get(status) ?? 0) + 1);
    const routeKey = `${plan.route.method} ${plan.route.path}`;
    const perRoute = stats.byRoute.get(routeKey) ?? { sent: 0, accepted: 0, ms: 0 };
    perRoute.sent += 1;
    perRoute.ms += performance.now() - sentAt;
    stats.byKind[plan.kind].sent += 1;
    if (status >= 200 && status < 300) {
      perRoute.accepted += 1;
      stats.byKind[plan.kind].accepted += 1;
      if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) {
        stats.writes += 1;
        world.touched(request.context);
        learnFromAnswer(world, request, response);
      }
    }
    stats.byRoute.set(routeKey, perRoute);
    if (status >= 500) stats.serverErrors += 1;

    const problem = answerProblem(request.method, response);
    if (problem) {
      const line = `${problem}\n  request: ${describeRequest(request)}`;
      if (options.onViolation === 'throw') throw new Error(line);
      stats.violations.push(line);
    }
    if (stats.requests % REFRESH_EVERY === 0) await world.refresh();
    if (stats.requests % BALANCES_EVERY === 0) {
      await checkAllBalances();
      options.progress?.(`fuzz: ${stats.requests} requests, ${stats.serverErrors} 5xx`);
    }
  });
  await fc.assert(property, { numRuns: requests, seed, endOnFailure: true });

  // The end state: every live event back in EUR without rates of its own (extreme rates are a
  // valid state the fuzz reaches, whose sums may be too large to add), then every balance.
  await world.refresh();
  for (const event of world.live()) {
    // A settled event the fuzz closed takes no change until it is reopened.
    const reopened = await call('POST', `/api/events/${event.id}/reopen`, {});
    if (reopened.status >= 500) throw new Error(`reopening answered ${reopened.status}`);
    const reset = await call('PUT', `/api/events/${event.id}`, {
      currency_id: 'EUR',
      currency_rates: [],
    });
    if (reset.status !== 200) throw new Error(`resetting the rates answered ${reset.status}`);
  }
  for (const event of world.live()) {
    const verdict = await checkBalances(call, event.id, currencies);
    stats.balanceChecks += 1;
    if (verdict === 'zero') stats.eventsSummedAtEnd += 1;
  }
  stats.eventsChecked = world.live().length;
  stats.durationMs = performance.now() - started;
  return stats;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Learns from an acknowledged answer: an event the fuzz created (an answer with people,
 * expenses and payments) joins the world; other ids the answer names (`receipt_id`…) can be
 * named by later requests about the same event.
 */
function learnFromAnswer(
  world: FuzzWorld,
  request: PreparedRequest,
  response: LightMyRequestResponse,
): void {
  if (!String(response.headers['content-type'] ?? '').includes('application/json')) return;
  let data: unknown;
  try {
    data = (JSON.parse(response.body) as { data?: unknown }).data;
  } catch {
    return; // Not JSON after all: nothing to learn.
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return;
  const fields = data as Record<string, unknown>;
  if (Array.isArray(fields.users) && Array.isArray(fields.expenditures)) {
    world.learn(data as Event);
    return;
  }
  const ids = Object.entries(fields)
    .filter(([key, value]) => /(^|_)id$/.test(key) && typeof value === 'string' && UUID.test(value))
    .map(([, value]) => value as string);
  world.noteIds(request.context, ids);
}
