/**
 * Variables set in the environment that are not settings but look like a misspelt one:
 * `RATE_LIMIT_WRITE_PER_DEVICE` for `RATE_LIMIT_WRITES_PER_DEVICE`. Such a variable is
 * otherwise ignored in silence, and the operator believes a limit is set that is not.
 * Answers one warning per near miss, naming the setting it resembles.
 */
export function nearMissWarnings(env: NodeJS.ProcessEnv, knownNames: readonly string[]): string[] {
  const known = new Set(knownNames);
  const warnings: string[] = [];
  for (const name of Object.keys(env).sort()) {
    // Ours are upper case with underscores; npm_config_*, PATH's kin and the like are not.
    if (known.has(name) || !/^[A-Z][A-Z0-9_]{3,}$/.test(name)) continue;
    const nearest = closestName(name, knownNames);
    if (nearest) warnings.push(`${name} is not a setting; did you mean ${nearest}?`);
  }
  return warnings;
}

/**
 * The known name within the allowed distance of `name`, if any. The distance allowed grows
 * with the length: one edit in a short name (HOST/HOME) is a different word more often than a
 * typo, so short names must match all but one letter and names under 6 letters not at all.
 */
function closestName(name: string, knownNames: readonly string[]): string | null {
  if (name.length < 6) return null;
  const allowed = Math.min(3, Math.floor(name.length / 6));
  let best: { name: string; distance: number } | null = null;
  for (const candidate of knownNames) {
    if (Math.abs(candidate.length - name.length) > allowed) continue;
    const distance = editDistance(name, candidate);
    if (distance <= allowed && (!best || distance < best.distance)) {
      best = { name: candidate, distance };
    }
  }
  return best?.name ?? null;
}

/** Levenshtein distance: insertions, deletions and substitutions, one each. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
