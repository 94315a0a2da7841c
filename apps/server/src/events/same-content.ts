/** JSON with object keys sorted, so that two equal values always give the same text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    return Object.fromEntries(
      Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  });
}

/** True when a replayed write carries exactly what is stored, so it must change nothing. */
export function sameContent(stored: unknown, incoming: unknown): boolean {
  return canonical(stored) === canonical(incoming);
}
