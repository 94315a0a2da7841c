import { createECDH, createHash } from 'node:crypto';
import { currencyCodeSchema, eventIdSchema } from '@quits/contract';
import fc from 'fast-check';
import { z } from 'zod';
import { Ref, RefDict, type RefKind } from './fuzz-values';
import type { JsonSchema } from './route-catalog';

/** The contract's own patterns, so that the generator knows an event id or a currency. */
const EVENT_ID_PATTERN = (z.toJSONSchema(eventIdSchema) as JsonSchema).pattern;
const CURRENCY_PATTERN = (z.toJSONSchema(currencyCodeSchema) as JsonSchema).pattern;

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(1900, 0, 1) / DAY_MS;
const LAST_DAY = Date.UTC(2199, 11, 31) / DAY_MS;
const RECENT_FIRST = Date.UTC(2020, 0, 1) / DAY_MS;
const RECENT_LAST = Date.UTC(2030, 11, 31) / DAY_MS;

const WORDS = ['Dinner', 'Taxi', 'Ana', 'Ben', 'Chloé', 'Lisbon trip', '民宿', 'Phở', 'Café'];

/** Where a value sits, which says what an id in it most likely names. */
export interface SchemaContext {
  /** The property (or parameter) name the value is for. */
  name: string;
  /** A path parameter, a body field… */
  place: 'path' | 'query' | 'body';
  /**
   * For a valid request: optional references to things the fuzz cannot name (a receipt, an
   * update's base) are left out, as a client that has none would.
   */
  strict?: boolean;
  /** For a path parameter: the segment before it, which names the resource (`users`). */
  resource?: string;
}

/** A reference to something the world knows, drawn lazily when the request is sent. */
export function ref(kind: RefKind): fc.Arbitrary<Ref> {
  return fc
    .tuple(fc.nat(), fc.integer({ min: 0, max: 99 }))
    .map(([pick, roll]) => new Ref(kind, pick, roll));
}

/** What kind of id a UUID field holds, judged by its name and place. */
function uuidKind(context: SchemaContext): RefKind {
  if (/(^|_)(user|payer|payee|person|who)(_id)?$/.test(context.name)) return 'person';
  if (context.place === 'path' && /user|person|people/.test(context.resource ?? '')) {
    return 'person';
  }
  if (context.name === 'id' && context.place === 'body') return 'newId';
  return 'entity';
}

/**
 * Values that satisfy `schema` as the OpenAPI document states it (types, bounds, patterns,
 * required fields). Ids and currencies come out as references, so that most requests name
 * things that exist; rules the document cannot state (amounts adding up) are left to the
 * world's repair step.
 */
export function arbitraryFor(schema: JsonSchema, context: SchemaContext): fc.Arbitrary<unknown> {
  const arbitrary = baseArbitrary(schema, context);
  return schema.nullable ? fc.option(arbitrary, { freq: 8, nil: null }) : arbitrary;
}

function baseArbitrary(schema: JsonSchema, context: SchemaContext): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((inner) => arbitraryFor(inner, context)));
  }
  if (schema.allOf?.[0]) return arbitraryFor(schema.allOf[0], context);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);

  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => arbitraryFor({ ...schema, type }, context)));
  }
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema, context);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(schema, context);
    case 'object':
      return objectArbitrary(schema, context);
    default:
      if (schema.properties) return objectArbitrary(schema, context);
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArbitrary(schema: JsonSchema, context: SchemaContext): fc.Arbitrary<unknown> {
  if (schema.pattern === EVENT_ID_PATTERN) return ref('event');
  if (schema.pattern === CURRENCY_PATTERN) return ref('currency');
  if (schema.format === 'uuid') return ref(uuidKind(context));
  if (schema.format === 'date') return dateArbitrary();
  if (schema.format === 'date-time') {
    return dateArbitrary().map((date) => `${date}T12:00:00.000Z`);
  }
  if (/endpoint|url|uri/i.test(context.name)) return urlArbitrary(schema.maxLength ?? 200);
  // Web Push's browser key must be a point on the curve, which no pattern can say.
  if (context.name === 'p256dh') return fc.oneof(p256Key(), patternArbitrary(schema.pattern ?? ''));
  if (schema.pattern) return patternArbitrary(schema.pattern);
  // A flag or a number in a query string is text too.
  if (context.place === 'query') {
    return fc.oneof(fc.constantFrom('true', 'false', '1', '0'), fc.string({ maxLength: 12 }));
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 200;
  const words = WORDS.filter((word) => word.length >= minLength && word.length <= maxLength);
  const free = fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 30) });
  return words.length > 0 ? fc.oneof(fc.constantFrom(...words), free) : free;
}

/** A calendar date the API accepts: mostly recent, sometimes at the edges of 1900–2199. */
function dateArbitrary(): fc.Arbitrary<string> {
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.integer({ min: RECENT_FIRST, max: RECENT_LAST }) },
      { weight: 1, arbitrary: fc.integer({ min: FIRST_DAY, max: LAST_DAY }) },
    )
    .map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10));
}

/** An https URL on this machine's discard port: a push to it fails at once and stays local. */
function urlArbitrary(maxLength: number): fc.Arbitrary<string> {
  return fc
    .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_'), maxLength: 40 })
    .map((path) => `https://127.0.0.1:9/push/${path}`.slice(0, maxLength));
}

/** A P-256 public key as browsers give it: an uncompressed point in base64url. */
function p256Key(): fc.Arbitrary<string> {
  return fc.integer({ min: 1, max: 1_000_000 }).map((seed) => {
    const curve = createECDH('prime256v1');
    curve.setPrivateKey(createHash('sha256').update(String(seed)).digest());
    return curve.getPublicKey().toString('base64url');
  });
}

function patternArbitrary(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string({ maxLength: 30 });
  }
}

/** Realistic sizes mostly; the bounds themselves often (fast-check biases towards them). */
function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = lowerBound(schema, 1) ?? -1_000_000;
  const max = upperBound(schema, 1) ?? 1_000_000;
  const between = (low: number, high: number) =>
    fc.bigInt({ min: BigInt(low), max: BigInt(high) }).map(Number);
  if (max - min <= 100_000) return between(min, max);
  return fc.oneof(
    { weight: 4, arbitrary: between(min, min + 100_000) },
    { weight: 1, arbitrary: between(min, max) },
  );
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = lowerBound(schema, Number.MIN_VALUE) ?? -1_000_000;
  const max = upperBound(schema, Number.MIN_VALUE) ?? 1_000_000;
  const double = fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  const low = Math.ceil(Math.max(min, -1_000));
  const high = Math.floor(Math.min(max, 1_000));
  // Whole numbers are what people type; fractions and extremes come from the doubles.
  return low <= high ? fc.oneof(fc.integer({ min: low, max: high }), double) : double;
}

/** The smallest allowed value; an exclusive bound moves by `step`. */
function lowerBound(schema: JsonSchema, step: number): number | undefined {
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + step;
  if (schema.exclusiveMinimum === true && schema.minimum !== undefined) {
    return schema.minimum + step;
  }
  return schema.minimum;
}

function upperBound(schema: JsonSchema, step: number): number | undefined {
  if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum - step;
  if (schema.exclusiveMaximum === true && schema.maximum !== undefined) {
    return schema.maximum - step;
  }
  return schema.maximum;
}

function arrayArbitrary(schema: JsonSchema, context: SchemaContext): fc.Arbitrary<unknown[]> {
  // A valid request lists something where it may: an empty list tests little.
  const minLength = Math.min(
    Math.max(schema.minItems ?? 0, context.strict ? 1 : 0),
    schema.maxItems ?? Number.POSITIVE_INFINITY,
  );
  const maxLength = Math.min(schema.maxItems ?? minLength + 4, minLength + 4);
  return fc.array(arbitraryFor(schema.items ?? {}, context), { minLength, maxLength });
}

function objectArbitrary(schema: JsonSchema, context: SchemaContext): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (names.length === 0 && typeof schema.additionalProperties === 'object') {
    // Records in the contract are keyed by people (a split's weights), when the document
    // does not say otherwise.
    const key = schema.propertyNames
      ? arbitraryFor(schema.propertyNames, { ...context, name: `${context.name}_user_id` })
      : fc.oneof({ weight: 4, arbitrary: ref('person') }, fc.string({ maxLength: 8 }));
    const entry = fc.tuple(key, arbitraryFor(schema.additionalProperties, context));
    return fc.array(entry, { maxLength: 4 }).map((entries) => new RefDict(entries));
  }
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const required = schema.required ?? [];
  for (const name of names) {
    const property = properties[name] ?? {};
    const inner = { ...context, name };
    // An update's `base` is the entry as the device last read it, and `attachments` the files
    // it uploaded, which no draw can know: a valid client without them leaves them out
    // (random ones still come in the other kinds).
    const unnameable =
      (property.format === 'uuid' && uuidKind(inner) === 'entity') ||
      ((name === 'base' || name === 'attachments') && context.place === 'body');
    if (context.strict && unnameable && !required.includes(name)) continue;
    model[name] = arbitraryFor(property, inner);
  }
  return fc.record(model, { requiredKeys: required.filter((name) => name in model) });
}
