import fc from 'fast-check';
import { nastyValue, ODD_KEYS } from './nasty-values';
import type { FuzzRoute } from './route-catalog';

/**
 * The parts of a generated request besides its route, parameters and body: how the body is
 * sent, which headers go with it, and how a valid body is broken.
 */

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
  | { kind: 'multipart'; file: FileKind; field: string; broken: number }
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

export function headerPlan(odd: boolean): fc.Arbitrary<HeaderPlan> {
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

export function encodingArbitrary(
  odd: boolean,
  route: Pick<FuzzRoute, 'method' | 'body' | 'bodyType'>,
): fc.Arbitrary<BodyEncoding> {
  const multipart = fc.record({
    kind: fc.constant('multipart' as const),
    file: fileKind(),
    // Upload routes name their file field only in prose: the usual names are tried.
    field: fc.constantFrom('receipt', 'file', 'photo', 'image'),
    broken: odd ? fc.integer({ min: 0, max: 6 }) : fc.constant(0),
  });
  const json = fc.constant({ kind: 'json', contentType: 'application/json' } as const);
  if (!odd) {
    if (route.bodyType?.startsWith('multipart/')) return multipart;
    // A write whose body the document leaves out may be an upload (the receipts' is).
    if (route.body === null && route.method === 'POST') return fc.oneof(json, multipart);
    return json;
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

export function mutationArbitrary(): fc.Arbitrary<Mutation> {
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
