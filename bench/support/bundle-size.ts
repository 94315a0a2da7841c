import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const BUNDLE_COMMAND = 'node scripts/check-bundle-size.mjs';

export interface BundleSize {
  /** Gzipped JavaScript of a first visit to /event/{id}/home on a phone, in KB (1,024 bytes). */
  kb: number;
  files: number;
  budgetKb: number;
}

const LINE = /: ([\d.]+) KB of gzipped JavaScript in (\d+) files \(budget (\d+) KB\)/;

/**
 * The figure `scripts/check-bundle-size.mjs` prints for the built app, read from its output so
 * that the budget and the way it counts stay in that one script. The script exits 1 above the
 * budget, which is a figure here, not a failure.
 */
export function measureBundleSize(): BundleSize | { unavailable: string } {
  const result = spawnSync(process.execPath, ['scripts/check-bundle-size.mjs'], {
    cwd: root,
    encoding: 'utf8',
  });
  const match = LINE.exec(result.stdout);
  if (!match) {
    const said = `${result.stdout}${result.stderr}`.trim() || `exit code ${result.status}`;
    return { unavailable: said };
  }
  return { kb: Number(match[1]), files: Number(match[2]), budgetKb: Number(match[3]) };
}
