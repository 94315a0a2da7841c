import fc from 'fast-check';
import { deepArrayText, deepObjectText, encodeSegment, Raw } from './fuzz-values';

/** Just over the server's 1 MB body limit once in a body, and well under it. */
export const MEGABYTE = 1_048_576;

/** Text that has broken parsers, databases and renderers before. */
const UNICODE_EDGES = [
  '\uD800', // a lone high surrogate
  '\uDFFF', // a lone low surrogate
  'a\uD83Db', // half an emoji
  '\u202Eevil\u202C', // right-to-left override
  'שלום عالم', // right-to-left scripts
  '\u200B\u200C\u200D\u2060', // zero-width characters
  '\uFEFFbom', // a byte-order mark inside text
  '👨‍👩‍👧‍👦🏳️‍🌈🇪🇺', // emoji sequences
  `e${'\u0301'.repeat(200)}`, // one letter with 200 combining accents
  '\u0000', // NUL: PostgreSQL cannot store it in text
  'a\u0000b',
  '\u0001\u001F\u007F', // control characters
  '\u2028\u2029', // line and paragraph separators
  'İıßẞ', // case mappings that change length
  '\uFFFF\uFFFE', // non-characters
  '𝕏𝔸𝕄𝕃', // astral letters
  ' ', // only a space: trims to nothing
  '\t\n\r',
  '',
];

const INJECTIONS = [
  '<img src=x onerror=alert(1)>',
  "'; DROP TABLE events; --",
  // Template syntax of several engines, as text.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the value sent.
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '\\u0000',
];

/** Numbers at and past every edge a number field has. */
const EDGE_NUMBERS: unknown[] = [
  0,
  -1,
  1.5,
  0.1 + 0.2,
  -1e-320, // a denormal
  1e21, // the first that JSON.stringify writes with an exponent
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e308,
  -1e308,
  100_000_000_001, // one over the largest amount
  new Raw('-0'),
  new Raw('-0.0'),
  new Raw('1e400'), // Infinity once parsed
  new Raw('-1e400'),
  new Raw('9007199254740993'), // not a double: parsed as its neighbour
  new Raw('1.0000000000000000000000001'),
  new Raw('0.00000000000000000000000000001'),
];

/** Numbers as text, and the tokens JSON does not have. */
const NUMBER_TEXTS: unknown[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-0',
  '0x1F',
  ' 42 ',
  '4_2',
  '42abc',
  '١٢٣', // Arabic-Indic digits
  new Raw('NaN'),
  new Raw('Infinity'),
  new Raw('-Infinity'),
];

const DATE_TEXTS = [
  '2026-02-30',
  '2026-13-01',
  '0000-01-01',
  '9999-12-31',
  '1899-12-31',
  '2200-01-01',
  '2026-1-1',
  '2026-11-20T00:00:00Z',
  '20261120',
];

const UUID_TEXTS = [
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '{6f1c3e3a-2b7d-4c1e-9a55-0d2f3c4b5a69}',
  '6f1c3e3a2b7d4c1e9a550d2f3c4b5a69',
  '6f1c3e3a-2b7d-4c1e-9a55-0d2f3c4b5a6',
];

/** Wrong types for any field. */
const WRONG_TYPES: unknown[] = [null, true, false, [], {}, [1, 2, 3], { a: 1 }, '', 0];

/** Keys that attack prototypes, and keys no schema expects. */
export const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  '\u0000',
  'a'.repeat(10_000),
  '👍',
  'deleted_at',
  'version',
  'event_id',
  'item_count',
];

/** A string of `length` characters drawn from a few awkward ones, built once per length. */
function longText(length: number): string {
  return '€a\u200B'.repeat(Math.ceil(length / 3)).slice(0, length);
}

/** A value that should never be accepted where a valid one was: the heart of the fuzz. */
export function nastyValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...WRONG_TYPES) },
    { weight: 4, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
    { weight: 3, arbitrary: fc.constantFrom(...NUMBER_TEXTS) },
    { weight: 4, arbitrary: fc.constantFrom(...UNICODE_EDGES) },
    { weight: 2, arbitrary: fc.constantFrom(...INJECTIONS) },
    { weight: 2, arbitrary: fc.constantFrom(...DATE_TEXTS) },
    { weight: 2, arbitrary: fc.constantFrom(...UUID_TEXTS) },
    {
      weight: 3,
      arbitrary: fc
        .array(fc.constantFrom(...UNICODE_EDGES, 'a', 'Ω', '😀'), { maxLength: 30 })
        .map((parts) => parts.join('')),
    },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    // Long text: past every field's limit but inside the body limit, and at the body limit.
    { weight: 1, arbitrary: fc.constantFrom(101, 2_001, 100_000).map(longText) },
    { weight: 1, arbitrary: fc.constant(null).map(() => longText(MEGABYTE)) },
    // 10,000 levels of nesting where one value was expected.
    {
      weight: 1,
      arbitrary: fc.constantFrom(new Raw(deepArrayText(10_000)), new Raw(deepObjectText(10_000))),
    },
    { weight: 1, arbitrary: fc.constant(new Raw('{"__proto__":{"polluted":true}}')) },
    {
      weight: 1,
      arbitrary: fc.constant(new Raw('{"constructor":{"prototype":{"polluted":true}}}')),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

/** A path segment or a query value nobody should send. */
export function nastySegment(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '',
      '%',
      '%00',
      '%zz',
      '%E0%A4%A',
      '%C0%AE%C0%AE',
      '..',
      '%2e%2e',
      '..%2f..%2f',
      '%2F',
      ' ',
      '%20',
      'null',
      'undefined',
      '-0',
      'NaN',
      '1e400',
      '__proto__',
      'constructor',
      'a'.repeat(5_000),
      '%F0%9F%98%80',
      '%EF%BB%BF',
      '%D8%00',
      '%ED%A0%80', // a surrogate in UTF-8: invalid
      '%FF%FE',
      '%u0000',
      '00000000-0000-0000-0000-000000000000',
      'AAAAAAAAAAAAAAAAAAAAAA',
      '{id}',
      ':id',
      '*',
    ),
    fc.string({ maxLength: 30 }).map(encodeSegment),
    fc.string({ unit: 'grapheme', maxLength: 10 }).map(encodeSegment),
  );
}
