/**
 * Receipt reading (issue: totals and dates right on ≥ 45 of 50 real scans, ≤ 1.5 s per
 * receipt, < 600 MB with 20 at once): reads `../shared/receipts` (or `RECEIPTS_DIR`), prints
 * the figures and what was read wrong, and puts them in the Receipts section of
 * docs/BENCHMARKS.md (`npm run bench` writes that section too).
 *
 * Run: npm run bench:receipts
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { runReceiptsBench } from './support/receipts';
import { receiptsSection, receiptsText } from './support/receipts-report';

const reportPath = fileURLToPath(new URL('../docs/BENCHMARKS.md', import.meta.url));

/** The report with its Receipts section replaced (or added at the end). */
export function withReceiptsSection(report: string, section: string): string {
  const start = report.indexOf('\n## Receipts\n');
  if (start === -1) return `${report.trimEnd()}\n\n${section}\n`;
  const next = report.indexOf('\n## ', start + 1);
  const rest = next === -1 ? '' : report.slice(next);
  return `${report.slice(0, start)}\n${section}\n${rest}`;
}

async function main(): Promise<number> {
  const outcome = await runReceiptsBench((line) => console.log(line));
  if ('skipped' in outcome) {
    console.error(`receipts: skipped: ${outcome.skipped}`);
    return 1;
  }
  console.log(`\n${receiptsText(outcome)}`);
  const report = await readFile(reportPath, 'utf8').catch(() => '# Benchmarks\n');
  await writeFile(reportPath, withReceiptsSection(report, receiptsSection(outcome)), 'utf8');
  console.log(`\nWrote the Receipts section of ${reportPath}`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('npm run bench:receipts failed:', error);
      process.exit(1);
    },
  );
}
