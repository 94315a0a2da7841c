/**
 * The id a screen was handed under `key` in its navigation's state (`navigate(to, { state })`),
 * if it holds a string there: what a form reads to know which entry to copy or change.
 */
export function idInNavigation(state: unknown, key: string): string | null {
  const value =
    typeof state === 'object' && state !== null && key in state
      ? (state as Record<string, unknown>)[key]
      : null;
  return typeof value === 'string' ? value : null;
}
