/**
 * The symbolic values a generated request carries until it is sent. fast-check generates pure
 * values; which people, expenses and events exist is only known while the fuzz runs, so a
 * request names them by a pick and the world resolves the pick against what exists then.
 */

/** What a reference stands for. */
export type RefKind =
  /** An event id: mostly the long-lived event, sometimes another, a deleted or an unknown one. */
  | 'event'
  /** A person of the request's event (sometimes of another event, or nobody). */
  | 'person'
  /** Any id the request's event has seen: people, expenses, payments, also deleted ones. */
  | 'entity'
  /** An id a client proposes for a new entry: fresh mostly, an existing one for an update. */
  | 'newId'
  /** A currency code: the event's, a common one, a rare one, or one nobody knows. */
  | 'currency';

export class Ref {
  constructor(
    readonly kind: RefKind,
    /** Which of the candidates (taken modulo their count). */
    readonly pick: number,
    /** 0–99: which group of candidates (known, other event's, random…). */
    readonly roll: number,
  ) {}
}

/** JSON text written into the body as it is: `NaN`, `1e400`, `-0`, 10,000 nested arrays. */
export class Raw {
  constructor(readonly text: string) {}
}

/** An object whose keys are references (a record keyed by person ids). */
export class RefDict {
  constructor(readonly entries: readonly (readonly [unknown, unknown])[]) {}
}

/** A value of a generated request: JSON, with references and raw text inside. */
export type FuzzValue = unknown;

/**
 * Writes a resolved value as JSON text, raw pieces as they are. Lone surrogates are escaped
 * (as JSON.stringify does), so the text stays valid UTF-8 and the server sees them as sent.
 */
export function toJsonText(value: FuzzValue): string {
  if (value instanceof Raw) return value.text;
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .map(([key, inner]) => `${JSON.stringify(key)}:${toJsonText(inner)}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Text for a query string or a form field: strings as they are, anything else as JSON. */
export function toFieldText(value: FuzzValue): string {
  if (typeof value === 'string') return value;
  return toJsonText(value);
}

/**
 * Percent-encodes text for a URL. A lone surrogate has no UTF-8 form, so it goes as the three
 * bytes it would take (`%ED%A0%80`), which are not valid UTF-8: the server must cope.
 */
export function encodeSegment(text: string): string {
  let encoded = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    const lone = char.length === 1 && unit >= 0xd800 && unit <= 0xdfff;
    encoded += lone
      ? [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('')
      : encodeURIComponent(char);
  }
  return encoded;
}

/** Nested arrays `depth` levels deep, as text (building the value itself would recurse). */
export function deepArrayText(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** Nested objects `{"a":{"a":…}}` `depth` levels deep, as text. */
export function deepObjectText(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}
