import fc from 'fast-check';
import { nastySegment, nastyValue } from './nasty-values';
import {
  type BodyEncoding,
  encodingArbitrary,
  type HeaderPlan,
  headerPlan,
  type Mutation,
  mutationArbitrary,
} from './request-parts';
import type { FuzzRoute, Method } from './route-catalog';
import { arbitraryFor, ref } from './schema-arbitrary';

/** How much of the request is left as the contract describes it. */
export type PlanKind =
  /** Generated from the route's schemas, ids resolved, amounts made to add up. */
  | 'valid'
  /** A valid one with one to three things broken. */
  | 'mutated'
  /** Any route, any method, odd paths, bodies and headers. */
  | 'wild';

export type PathTweak =
  | 'none'
  | 'trailing-slash'
  | 'double-slash'
  | 'upper-case'
  | 'dot-segment'
  | 'encoded-slash'
  | 'semicolon';

export interface RequestPlan {
  kind: PlanKind;
  route: FuzzRoute;
  method: Method;
  /** Per path parameter: a generated value (maybe a reference) or a raw segment. */
  params: Record<string, { value: unknown } | { raw: string }>;
  pathTweak: PathTweak;
  query: Record<string, unknown>;
  rawQuery: string;
  /** undefined: the route takes no body and none is sent. */
  body: unknown;
  repair: boolean;
  mutations: Mutation[];
  encoding: BodyEncoding;
  headers: HeaderPlan;
}

const METHODS: Method[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

const RAW_QUERIES = [
  '',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'before=1&before=2',
  'before[]=1',
  'before=-0',
  'before=1e400',
  'before=NaN',
  'before=9007199254740993',
  'before=%00',
  '%',
  '&&&=&',
  `x=${'a'.repeat(10_000)}`,
  'a=%E0%A4%A',
];

function paramsArbitrary(route: FuzzRoute, oddness: number): fc.Arbitrary<RequestPlan['params']> {
  const model: Record<string, fc.Arbitrary<{ value: unknown } | { raw: string }>> = {};
  for (const name of [...route.params, ...(route.path.includes('*') ? ['*'] : [])]) {
    const schema = route.paramSchemas[name];
    const resource = new RegExp(`([^/]*)/:${name}(/|$)`).exec(route.path)?.[1] ?? '';
    const generated = schema
      ? arbitraryFor(schema, { name, place: 'path', resource }).map((value) => ({ value }))
      : fc.oneof(ref('event'), ref('entity')).map((value) => ({ value }));
    const raw = nastySegment().map((segment) => ({ raw: segment }));
    model[name] =
      oddness === 0 ? generated : fc.oneof({ weight: 4 - oddness, arbitrary: generated }, raw);
  }
  return fc.record(model);
}

function queryArbitrary(route: FuzzRoute, odd: boolean): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, schema] of Object.entries(route.querySchemas)) {
    const valid = arbitraryFor(schema, { name, place: 'query' });
    model[name] = odd ? fc.oneof(valid, nastyValue()) : valid;
  }
  return fc.record(model, { requiredKeys: [] });
}

function bodyArbitrary(route: FuzzRoute, kind: PlanKind): fc.Arbitrary<unknown> {
  const context = { name: 'body', place: 'body', strict: kind === 'valid' } as const;
  if (kind === 'wild') {
    return fc.oneof(
      route.body ? arbitraryFor(route.body, context) : fc.constant(undefined),
      fc.jsonValue({ maxDepth: 4 }),
      nastyValue(),
      fc.constant(undefined),
    );
  }
  if (!route.body) return fc.constant(undefined);
  return arbitraryFor(route.body, context);
}

/** One request to `route`, of the given kind. */
function planFor(route: FuzzRoute, kind: PlanKind): fc.Arbitrary<RequestPlan> {
  const odd = kind !== 'valid';
  return fc.record({
    kind: fc.constant(kind),
    route: fc.constant(route),
    method:
      kind === 'wild'
        ? fc.oneof(fc.constant(route.method), fc.constantFrom(...METHODS))
        : fc.constant(route.method),
    params: paramsArbitrary(route, kind === 'valid' ? 0 : kind === 'mutated' ? 1 : 2),
    pathTweak:
      kind === 'wild'
        ? fc.constantFrom(
            'none',
            'none',
            'trailing-slash',
            'double-slash',
            'upper-case',
            'dot-segment',
            'encoded-slash',
            'semicolon',
          )
        : fc.constant('none' as const),
    query: queryArbitrary(route, odd),
    rawQuery: odd ? fc.constantFrom(...RAW_QUERIES) : fc.constant(''),
    body: bodyArbitrary(route, kind),
    repair: kind === 'valid' ? fc.constant(true) : fc.boolean(),
    mutations:
      kind === 'valid'
        ? fc.constant([])
        : fc.array(mutationArbitrary(), { minLength: kind === 'mutated' ? 1 : 0, maxLength: 3 }),
    encoding: encodingArbitrary(odd, route),
    headers: headerPlan(odd),
  });
}

/** Writes change the world: they are sent more often than reads. */
function routeWeight(route: FuzzRoute): number {
  if (route.method === 'POST' || route.method === 'PUT') return 4;
  if (route.method === 'DELETE') return 2;
  return 1;
}

/**
 * Requests across every route the app has: nine in ten to the documented API (weighted towards
 * writes), one in ten to the rest (files, the API docs, pages); 45 % valid, 35 % mutated,
 * 20 % wild.
 */
export function requestPlanArbitrary(routes: readonly FuzzRoute[]): fc.Arbitrary<RequestPlan> {
  const documented = routes.filter((route) => route.documented);
  const others = routes.filter((route) => !route.documented);
  const choices = (kind: PlanKind) =>
    fc.oneof(
      {
        weight: 9,
        arbitrary: fc.oneof(
          ...documented.map((route) => ({
            weight: routeWeight(route),
            arbitrary: planFor(route, kind),
          })),
        ),
      },
      ...(others.length > 0
        ? [{ weight: 1, arbitrary: fc.oneof(...others.map((route) => planFor(route, kind))) }]
        : []),
    );
  return fc.oneof(
    { weight: 45, arbitrary: choices('valid') },
    { weight: 35, arbitrary: choices('mutated') },
    { weight: 20, arbitrary: choices('wild') },
  );
}
