import type { FuzzStats } from './fuzz-run';

const percent = (part: number, whole: number) =>
  whole === 0 ? '0 %' : `${((100 * part) / whole).toFixed(1)} %`;

/** The figures of a fuzz run, as lines for a terminal or a report. */
export function describeFuzz(stats: FuzzStats): string[] {
  const statuses = [...stats.byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  const kinds = Object.entries(stats.byKind)
    .map(([kind, { sent, accepted }]) => `${kind} ${sent} (${percent(accepted, sent)} 2xx)`)
    .join(', ');
  const documented = stats.routes.filter((route) => route.documented).length;
  const lines = [
    `requests: ${stats.requests} in ${(stats.durationMs / 1000).toFixed(1)} s (seed ${stats.seed})`,
    `routes found in the app: ${stats.routes.length} (${documented} in the OpenAPI document)`,
    `kinds: ${kinds}`,
    `answers: ${statuses}`,
    `acknowledged writes: ${stats.writes}`,
    `5xx answers: ${stats.serverErrors}; broken answers: ${stats.violations.length}`,
    `balance checks: ${stats.balanceChecks}, each exact or refused alike by the domain; ` +
      `at the end ${stats.eventsSummedAtEnd} of ${stats.eventsChecked} events summing to zero`,
  ];
  for (const [route, { sent, accepted, ms }] of [...stats.byRoute.entries()].sort()) {
    lines.push(`  ${route}: ${sent} sent, ${accepted} 2xx, ${(ms / sent).toFixed(1)} ms each`);
  }
  return lines;
}
