import { access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** One figure of the domain bench (`bench/domain-bench.ts`, written separately). */
export interface DomainFigure {
  name: string;
  value: number;
  unit: string;
  note: string;
}

export type DomainOutcome = { figures: DomainFigure[] } | { skipped: string };

const domainBenchUrl = new URL('../domain-bench.ts', import.meta.url);

function isFigure(value: unknown): value is DomainFigure {
  if (typeof value !== 'object' || value === null) return false;
  const { name, value: figure, unit, note } = value as Record<string, unknown>;
  return (
    typeof name === 'string' &&
    typeof figure === 'number' &&
    typeof unit === 'string' &&
    typeof note === 'string'
  );
}

/** Runs `runDomainBench()` from `bench/domain-bench.ts` when that file exists. */
export async function runDomainBenchIfPresent(): Promise<DomainOutcome> {
  try {
    await access(fileURLToPath(domainBenchUrl));
  } catch {
    return { skipped: 'bench/domain-bench.ts does not exist yet.' };
  }
  let figures: unknown;
  try {
    // Imported by URL so that this file type-checks while the domain bench is not there.
    const module: Record<string, unknown> = await import(domainBenchUrl.href);
    const run = module.runDomainBench;
    if (typeof run !== 'function') {
      return { skipped: 'bench/domain-bench.ts does not export runDomainBench().' };
    }
    figures = await run();
  } catch (error) {
    return {
      skipped: `runDomainBench() failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (!Array.isArray(figures) || !figures.every(isFigure)) {
    return { skipped: 'runDomainBench() did not answer { name, value, unit, note }[].' };
  }
  return { figures };
}
