import { Raw } from './fuzz-values';
import type { KnownEvent } from './fuzz-world';
import type { Mutation } from './request-parts';

type Container = Record<string, unknown> | unknown[];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Raw);

/** Lines of an amount: objects naming a person and a part of the amount. */
const isShareLines = (value: unknown): value is { user_id: unknown; amount: unknown }[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((line) => isPlainObject(line) && 'user_id' in line && 'amount' in line);

/**
 * Makes a generated body obey the rules a JSON Schema cannot state, so that valid requests
 * really write: lines of an amount name each person once and add up to it (split as evenly as
 * integers allow), lists keyed by a person or a currency name each once, and a payment goes
 * from one person to another.
 */
export function repairBody(value: unknown, context: KnownEvent): void {
  repairParts(value, context);
  pointAtOwnPeople(value);
}

/** Names a document's people by its own list: an import names people of the file. */
const PERSON_FIELDS = new Set(['user_id', 'payer_id', 'payee_id']);

/**
 * In a body that carries its own list of people (objects with an `id` and a `name`), every
 * reference to a person names one of them, so that the document hangs together.
 */
function pointAtOwnPeople(body: unknown): void {
  if (!isPlainObject(body)) return;
  const list = Object.values(body).find(
    (inner) =>
      Array.isArray(inner) &&
      inner.length > 0 &&
      inner.every((item) => isPlainObject(item) && typeof item.id === 'string' && 'name' in item),
  ) as { id: string }[] | undefined;
  if (!list) return;
  const ids = list.map((person) => person.id);
  let next = 0;
  const walk = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach(walk);
      return;
    }
    if (!isPlainObject(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      if (PERSON_FIELDS.has(key) && typeof inner === 'string' && !ids.includes(inner)) {
        value[key] = ids[next++ % ids.length];
      } else walk(inner);
    }
  };
  for (const inner of Object.values(body)) if (inner !== list) walk(inner);
  // Lines changed their people: they may name one twice now.
  repairParts(body, null);
}

function repairParts(value: unknown, context: KnownEvent | null): void {
  if (Array.isArray(value)) {
    for (const inner of value) repairParts(inner, context);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const inner of Object.values(value)) repairParts(inner, context);
  for (const [key, inner] of Object.entries(value)) {
    if (!Array.isArray(inner)) continue;
    for (const idKey of ['user_id', 'currency_id']) {
      if (inner.every((line) => isPlainObject(line) && idKey in line)) {
        value[key] = uniqueBy(inner as Record<string, unknown>[], idKey);
      }
    }
  }
  const amount = value.amount;
  if (Number.isSafeInteger(amount) && (amount as number) > 0) {
    for (const lines of Object.values(value)) {
      if (isShareLines(lines)) spread(amount as number, lines);
    }
  }
  // A recurring expense starts within the last year and ends on or after its start.
  const { expense, repeat } = value;
  if (isPlainObject(expense) && isPlainObject(repeat) && typeof expense.date === 'string') {
    const yearAgo = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10);
    const start = expense.date < yearAgo ? new Date().toISOString().slice(0, 10) : expense.date;
    expense.date = start;
    if (typeof repeat.until === 'string' && repeat.until < start) repeat.until = null;
  }
  if (typeof value.payer_id === 'string' && value.payer_id === value.payee_id) {
    const other = context?.people.find((id) => id !== value.payer_id);
    if (other) value.payee_id = other;
  }
}

function uniqueBy(lines: Record<string, unknown>[], key: string): Record<string, unknown>[] {
  const seen = new Set<unknown>();
  return lines.filter((line) => {
    if (seen.has(line[key])) return false;
    seen.add(line[key]);
    return true;
  });
}

/** Splits `amount` over the lines, the first ones one unit more where it does not divide. */
function spread(amount: number, lines: { amount: unknown }[]): void {
  const base = Math.floor(amount / lines.length);
  const remainder = amount - base * lines.length;
  lines.forEach((line, index) => {
    line.amount = base + (index < remainder ? 1 : 0);
  });
}

/**
 * A copy of a generated value, so that editing the body never edits the value fast-check
 * handed out (it hands out the same constants again).
 */
function copyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyOf);
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      Object.defineProperty(copy, key, {
        value: copyOf(inner),
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
    return copy;
  }
  return value;
}

/** Every place in the body a mutation can touch: the container and the key or index in it. */
function places(root: Container): [Container, string | number][] {
  const found: [Container, string | number][] = [];
  const walk = (container: Container) => {
    const entries: [string | number, unknown][] = Array.isArray(container)
      ? container.map((inner, index) => [index, inner])
      : Object.entries(container);
    for (const [key, inner] of entries) {
      found.push([container, key]);
      if (Array.isArray(inner) || isPlainObject(inner)) walk(inner);
    }
  };
  walk(root);
  return found;
}

/**
 * Applies the mutations to the body (in place where it can) and returns the result: a field
 * dropped, replaced by a nasty value, wrapped in an array, turned into text, or a field added.
 */
export function mutateBody(body: unknown, mutations: readonly Mutation[]): unknown {
  const root: Record<string, unknown> = { body };
  for (const mutation of mutations) {
    const all = places(root);
    const [container, key] = all[mutation.at % all.length] ?? [root, 'body'];
    const current = (container as Record<string | number, unknown>)[key];
    switch (mutation.op) {
      case 'drop':
        if (Array.isArray(container)) container.splice(key as number, 1);
        else delete container[key as string];
        break;
      case 'replace':
        (container as Record<string | number, unknown>)[key] = copyOf(mutation.value);
        break;
      case 'wrap':
        (container as Record<string | number, unknown>)[key] = [current];
        break;
      case 'stringify':
        (container as Record<string | number, unknown>)[key] =
          typeof current === 'string' ? Number(current) : JSON.stringify(current ?? null);
        break;
      case 'extra': {
        const target = isPlainObject(current)
          ? current
          : isPlainObject(root.body)
            ? root.body
            : null;
        // defineProperty: "__proto__" becomes a key of its own, as it is in JSON text.
        const value = copyOf(mutation.value);
        const field = { value, enumerable: true, configurable: true, writable: true };
        if (target) Object.defineProperty(target, mutation.key, field);
        else root.body = Object.defineProperty({}, mutation.key, field);
        break;
      }
    }
  }
  return root.body;
}
