/**
 * Three-way merge of two devices' edits of one entry (an expense, a payment, a person, an
 * event's settings), field by field, as a server-authoritative API needs it: `base` is the entry
 * as the editing device last had it, `mine` the device's edit, `theirs` what the server holds
 * now. A field is one or more properties that change together (an amount with its currency).
 *
 * - a field only one side changed takes that side's value;
 * - a field both sides changed to the same value is no conflict;
 * - a field both sides changed to different values is a conflict, and nothing is taken.
 *
 * Merging never depends on which edit arrived first: two edits that change different fields
 * give the same entry in either order (the property tests prove it).
 */

/** Each field's name and the entry's properties it covers, merged as one value. */
export type MergeFields<T> = Readonly<Record<string, readonly (keyof T & string)[]>>;

export interface MergeRules<T> {
  fields: MergeFields<T>;
  /**
   * Fields that must agree with each other (an expense's amount, its payers and its shares all
   * add up to one sum), and the check that they do. When a merge takes some of them from each
   * side and the result fails the check, or when one of them is a conflict, every field of the
   * set that either side changed is a conflict: the person chooses one side's whole set.
   */
  together?: { fields: readonly string[]; consistent: (entry: T) => boolean };
}

/** One field both sides changed differently, with its three values in the field's shape. */
export interface FieldConflict {
  field: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface MergeResult<T> {
  /** `theirs` with every field only `mine` changed; meaningless when there are conflicts. */
  merged: T;
  conflicts: FieldConflict[];
  /** The fields `mine` changes in what the server holds (none: the edit is already there). */
  changed: string[];
}

/** JSON with object keys sorted and `undefined` as null, so equal values give equal text. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) => {
    if (inner === undefined) return null;
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    return Object.fromEntries(
      Object.entries(inner as Record<string, unknown>)
        .map(([key, entry]) => [key, entry ?? null] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  });
}

/** True when two values are the same data, whatever the order of their objects' keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** A field's value: its one property, or an object of its properties. */
export function fieldValue<T>(entry: T, properties: readonly (keyof T & string)[]): unknown {
  const [only] = properties;
  if (properties.length === 1 && only !== undefined) return entry[only] ?? null;
  return Object.fromEntries(properties.map((property) => [property, entry[property] ?? null]));
}

/** The entry with one field set to a value in the field's shape (as `fieldValue` gives it). */
export function withFieldValue<T>(
  entry: T,
  properties: readonly (keyof T & string)[],
  value: unknown,
): T {
  const [only] = properties;
  if (properties.length === 1 && only !== undefined) return { ...entry, [only]: value };
  const parts = (value ?? {}) as Record<string, unknown>;
  return {
    ...entry,
    ...Object.fromEntries(properties.map((property) => [property, parts[property] ?? null])),
  };
}

/** Merges `mine` into `theirs` over `base`, field by field (see the file's comment). */
export function mergeEdit<T extends object>(
  rules: MergeRules<T>,
  base: T,
  mine: T,
  theirs: T,
): MergeResult<T> {
  let merged = { ...theirs };
  const conflicts: FieldConflict[] = [];
  const changed: string[] = [];
  const changedBy = { mine: new Set<string>(), theirs: new Set<string>() };
  for (const [field, properties] of Object.entries(rules.fields)) {
    const values = {
      base: fieldValue(base, properties),
      mine: fieldValue(mine, properties),
      theirs: fieldValue(theirs, properties),
    };
    const mineChanged = !sameValue(values.mine, values.base);
    const theirsChanged = !sameValue(values.theirs, values.base);
    if (mineChanged) changedBy.mine.add(field);
    if (theirsChanged) changedBy.theirs.add(field);
    if (!mineChanged || sameValue(values.mine, values.theirs)) continue;
    if (theirsChanged) {
      conflicts.push({ field, ...values });
      continue;
    }
    merged = withFieldValue(merged, properties, values.mine);
    changed.push(field);
  }

  const { together } = rules;
  if (together) {
    const setConflicts = conflicts.some((conflict) => together.fields.includes(conflict.field));
    if (setConflicts || !together.consistent(merged)) {
      for (const field of together.fields) {
        const properties = rules.fields[field];
        if (!properties || conflicts.some((conflict) => conflict.field === field)) continue;
        if (!(changedBy.mine.has(field) || changedBy.theirs.has(field))) continue;
        conflicts.push({
          field,
          base: fieldValue(base, properties),
          mine: fieldValue(mine, properties),
          theirs: fieldValue(theirs, properties),
        });
      }
    }
  }
  // In the rules' order, whichever way each conflict was found.
  const order = Object.keys(rules.fields);
  conflicts.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
  return { merged, conflicts, changed: conflicts.length > 0 ? [] : changed };
}

/**
 * What a device sends again after a conflict, to settle it: "mine" keeps the device's values of
 * the conflicting fields (its base now holds theirs, so only the device changed them), "theirs"
 * gives them up (its edit now holds the base's values, so only the other side changed them).
 * Every other field of the edit stays as it was, and merges as before.
 */
export function settleConflicts<T extends object>(
  rules: MergeRules<T>,
  edit: { base: T; mine: T },
  conflicts: readonly FieldConflict[],
  keep: 'mine' | 'theirs',
): { base: T; mine: T } {
  let { base, mine } = edit;
  for (const conflict of conflicts) {
    const properties = rules.fields[conflict.field];
    if (!properties) continue;
    if (keep === 'mine') base = withFieldValue(base, properties, conflict.theirs);
    else mine = withFieldValue(mine, properties, conflict.base);
  }
  return { base, mine };
}
