import fc from 'fast-check';
import { nastySegment, nastyValue, ODD_KEYS } from './nasty-values';
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

export type Mutation =
  | { op: 'drop'; at: number }
  | { op: 'replace'; at: number; value: unknown }
  | { op: 'extra'; at: number; key: string; value: unknown }
  | { op: 'wrap'; at: number }
  | { op: 'stringify'; at: number };

export type FileKind =
  | 'tiny-png'
  | 'png-bomb'
  | 'png-garbage'
  | 'jpeg-garbage'
  | 'random'
  | 'empty'
  | 'text';

export type BodyEncoding =
  | { kind: 'json'; contentType: string }
  | { kind: 'none' }
  | { kind: 'empty'; contentType: string }
  | { kind: 'broken-json'; variant: number }
  | { kind: 'form' }
  | { kind: 'multipart'; file: FileKind; broken: number }
  | { kind: 'invalid-utf8' }
  | { kind: 'oversize' }
  | { kind: 'deep'; shape: 'array' | 'object' };

export interface HeaderPlan {
  deviceId: 'valid' | 'missing' | 'empty' | 'malformed' | 'twice' | 'upper';
  whoAmI: 'missing' | 'person' | 'random' | 'malformed';
  ifNoneMatch: 'missing' | 'star' | 'weak' | 'garbage' | 'list' | 'long';
  accept: 'missing' | 'json' | 'html' | 'odd';
  extra: [string, string][];
}

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

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'application/json;;;',
  'application/json-patch+json',
  'application/vnd.api+json',
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  '*/*',
  '',
];

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

const ODD_HEADERS: [string, string][] = [
  ['origin', 'https://evil.example'],
  ['referer', 'https://evil.example/page'],
  ['x-forwarded-for', '1.2.3.4, ::1, not-an-ip'],
  ['x-forwarded-proto', 'gopher'],
  ['content-encoding', 'gzip'],
  ['expect', '100-continue'],
  ['range', 'bytes=0-0'],
  ['if-modified-since', 'yesterday'],
  ['accept-encoding', 'br;q=1, gzip;q=0, *;q=0'],
  ['accept-language', 'zz-ZZ;q=2, *'],
  ['x-requested-with', 'Nope'],
  ['cookie', 'a=b; __proto__=x'],
  ['authorization', 'Bearer nothing'],
  ['x-http-method-override', 'DELETE'],
];

function headerPlan(odd: boolean): fc.Arbitrary<HeaderPlan> {
  if (!odd) {
    return fc.record({
      deviceId: fc.constant('valid' as const),
      whoAmI: fc.constantFrom('missing' as const, 'person' as const),
      ifNoneMatch: fc.constant('missing' as const),
      accept: fc.constantFrom('missing' as const, 'json' as const),
      extra: fc.constant([]),
    });
  }
  return fc.record({
    deviceId: fc.constantFrom('valid', 'missing', 'empty', 'malformed', 'twice', 'upper'),
    whoAmI: fc.constantFrom('missing', 'person', 'random', 'malformed'),
    ifNoneMatch: fc.constantFrom('missing', 'star', 'weak', 'garbage', 'list', 'long'),
    accept: fc.constantFrom('missing', 'json', 'html', 'odd'),
    extra: fc.subarray(ODD_HEADERS, { maxLength: 3 }),
  });
}

function fileKind(): fc.Arbitrary<FileKind> {
  // A readable image sets the receipt reader to work: rare, so the run stays quick.
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant('tiny-png' as const) },
    {
      weight: 60,
      arbitrary: fc.constantFrom(
        'png-bomb',
        'png-garbage',
        'jpeg-garbage',
        'random',
        'empty',
        'text',
      ),
    },
  );
}

function encodingArbitrary(odd: boolean, bodyType: string | null): fc.Arbitrary<BodyEncoding> {
  const multipart = fc.record({
    kind: fc.constant('multipart' as const),
    file: fileKind(),
    broken: odd ? fc.integer({ min: 0, max: 6 }) : fc.constant(0),
  });
  if (!odd) {
    if (bodyType?.startsWith('multipart/')) return multipart;
    return fc.constant({ kind: 'json', contentType: 'application/json' } as const);
  }
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constant({ kind: 'json', contentType: 'application/json' } as const),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        contentType: fc.constantFrom(...JSON_TYPES),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' } as const) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('empty' as const),
        contentType: fc.constantFrom(...JSON_TYPES),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('broken-json' as const), variant: fc.nat(9) }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'form' } as const) },
    { weight: 3, arbitrary: multipart },
    { weight: 1, arbitrary: fc.constant({ kind: 'invalid-utf8' } as const) },
    { weight: 1, arbitrary: fc.constant({ kind: 'oversize' } as const) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('deep' as const),
        shape: fc.constantFrom('array' as const, 'object' as const),
      }),
    },
  );
}

function mutationArbitrary(): fc.Arbitrary<Mutation> {
  const at = fc.nat();
  return fc.oneof(
    fc.record({ op: fc.constant('drop' as const), at }),
    {
      weight: 3,
      arbitrary: fc.record({ op: fc.constant('replace' as const), at, value: nastyValue() }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant('extra' as const),
        at,
        key: fc.oneof(fc.constantFrom(...ODD_KEYS), fc.string({ maxLength: 12 })),
        value: nastyValue(),
      }),
    },
    fc.record({ op: fc.constant('wrap' as const), at }),
    fc.record({ op: fc.constant('stringify' as const), at }),
  );
}

/** Path parameters from their schemas, or raw segments nobody should send. */
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
    encoding: encodingArbitrary(odd, route.bodyType),
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
